import { accountMessages as texts } from "@eitheror/shared/account/schema";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { EmailInput, Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import { noAnswerMessage } from "@/lib/form-messages";
import { useAdminDeleteAccount, useAdminRemoveGroup } from "../api/account-admin";
import { AdminPanel } from "./admin-panel";

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
  email = false,
  heading,
  question,
  done,
  action,
}: {
  label: string;
  /** An address: the e-mail keyboard and no autocorrection. */
  email?: boolean;
  heading: string;
  question: (value: string) => string;
  done: (value: string) => string;
  action: ReturnType<typeof useAdminDeleteAccount>;
}) {
  const [value, setValue] = useState("");
  const [asking, setAsking] = useState<string | null>(null);
  const id = heading.toLowerCase().replace(/\W+/g, "-");
  const TextInput = email ? EmailInput : Input;
  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) setAsking(value.trim());
  };
  const confirm = () => {
    if (!asking) return;
    action.mutate(asking, { onSettled: () => setAsking(null), onSuccess: () => setValue("") });
  };
  return (
    <form
      onSubmit={ask}
      noValidate
      aria-labelledby={`${id}-heading`}
      className="space-y-3 border-t border-border pt-5 first-of-type:border-t-0 first-of-type:pt-0"
    >
      <h3 id={`${id}-heading`} className="font-semibold text-fg">
        {heading}
      </h3>
      <Field id={id} label={label}>
        <TextInput id={id} value={value} onChange={(e) => setValue(e.target.value)} />
      </Field>
      <Button
        type="submit"
        variant="danger"
        className="w-full sm:w-auto"
        disabled={!value.trim() || action.isPending}
      >
        {heading}
      </Button>
      {action.isSuccess && action.variables && (
        <Alert kind="success">
          {/* A long address wraps rather than widening the page. */}
          <span className="wrap-break-word">{done(action.variables)}</span>
        </Alert>
      )}
      {action.isError && <Alert kind="danger">{failure(action.error)}</Alert>}
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
    <AdminPanel
      title="Accounts and groups"
      description="For a person who asks, or a group that breaks the rules. Neither can be undone."
    >
      <DangerForm
        label="The account's e-mail address"
        email
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
    </AdminPanel>
  );
}
