import { accountMessages as texts } from "@eitheror/shared/account/schema";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ApiError } from "@/lib/api-client";
import { noAnswerMessage } from "@/lib/form-messages";
import { useAdminDeleteAccount, useAdminRemoveGroup } from "../api/account-admin";

const inputClass =
  "mt-1 w-full min-w-0 rounded-lg bg-surface px-3 py-2 text-fg ring-1 ring-border-strong focus-visible:outline-2 focus-visible:outline-focus";

/** A group's id from what the admin pasted: the id itself, or a group page's link. */
export function groupIdFrom(text: string): string {
  const trimmed = text.trim();
  const found = trimmed.match(/\/group(?:-profile)?\/([^/?#]+)/);
  return found?.[1] ? decodeURIComponent(found[1]) : trimmed;
}

/** What a refused or failed call says: the server's words for a 404, else a retry. */
function failure(error: unknown) {
  if (error instanceof ApiError && error.code === "not_found") return error.message;
  return noAnswerMessage(error) ?? "Something went wrong. Please try again.";
}

/** One field, one danger button, one confirmation: the shape both admin actions share. */
function DangerForm({
  label,
  heading,
  question,
  done,
  action,
}: {
  label: string;
  heading: string;
  question: (value: string) => string;
  done: (value: string) => string;
  action: ReturnType<typeof useAdminDeleteAccount>;
}) {
  const [value, setValue] = useState("");
  const [asking, setAsking] = useState<string | null>(null);
  const id = heading.toLowerCase().replace(/\W+/g, "-");
  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) setAsking(value.trim());
  };
  const confirm = () => {
    if (!asking) return;
    action.mutate(asking, { onSettled: () => setAsking(null), onSuccess: () => setValue("") });
  };
  return (
    <form onSubmit={ask} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="font-semibold text-fg">
        {heading}
      </h3>
      <label htmlFor={id} className="mt-2 block text-sm text-fg-muted">
        {label}
      </label>
      <input
        id={id}
        className={inputClass}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button
        type="submit"
        variant="danger"
        className="mt-3"
        disabled={!value.trim() || action.isPending}
      >
        {heading}
      </Button>
      {action.isSuccess && action.variables && (
        <Alert kind="success" className="mt-3">
          {done(action.variables)}
        </Alert>
      )}
      {action.isError && (
        <Alert kind="danger" className="mt-3">
          {failure(action.error)}
        </Alert>
      )}
      {/* Mounted only when asked: its Cancel takes the focus as it mounts. */}
      {asking !== null && (
        <ConfirmDialog
          open
          message={question(asking)}
          details="This cannot be undone."
          confirmLabel={heading}
          pending={action.isPending}
          onConfirm={confirm}
          onCancel={() => setAsking(null)}
        />
      )}
    </form>
  );
}

/** The admin's account and group controls (decision 0078). */
export function AccountAdmin() {
  const deleteAccount = useAdminDeleteAccount();
  const removeGroup = useAdminRemoveGroup();
  const removeById = {
    ...removeGroup,
    mutate: (text: string, options?: Parameters<typeof removeGroup.mutate>[1]) =>
      removeGroup.mutate(groupIdFrom(text), options),
  } as unknown as ReturnType<typeof useAdminDeleteAccount>;
  return (
    <Card className="space-y-6">
      <h2 className="text-lg font-semibold text-fg">Accounts and groups</h2>
      <DangerForm
        label="The account's e-mail address"
        heading={texts.adminDeleteAccount}
        question={texts.adminDeleteAccountConfirm}
        done={texts.adminDeleteAccountDone}
        action={deleteAccount}
      />
      <DangerForm
        label="The group's id, or a link to its page"
        heading={texts.adminRemoveGroup}
        question={() => texts.adminRemoveGroupConfirm}
        done={() => texts.adminRemoveGroupDone}
        action={removeById}
      />
    </Card>
  );
}
