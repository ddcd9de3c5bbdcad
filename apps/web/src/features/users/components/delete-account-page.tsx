import { accountMessages as texts } from "@eitheror/shared/account/schema";
import { useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageTitle } from "@/components/ui/page-title";
import { ApiError } from "@/lib/api-client";
import { noAnswerMessage } from "@/lib/form-messages";
import { useDeleteWithLink } from "../api/account";

const badLink = (error: unknown) => error instanceof ApiError && error.code === "invalid_link";

/**
 * /sign-in/link-router?purpose=delete-account&token=…: the e-mailed link's page. Opening it changes nothing
 * (mail scanners open links); the button deletes, and then a full page load
 * leaves the ended session behind (decision 0078). `onDeleted`: the app forgets
 * the session the deletion ended, so the page no longer shows the person signed in.
 */
export function DeleteAccountPage({ onDeleted }: { onDeleted?: () => void }) {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const remove = useDeleteWithLink();
  return (
    <Card className="mx-auto max-w-lg">
      <PageTitle screen="Delete your account" />
      {remove.isSuccess ? (
        <>
          <h1 className="text-2xl font-bold text-fg">{texts.landingDone}</h1>
          {/* A full load: the deleted session's cookie and every cached answer go. */}
          <a href="/" className="mt-4 inline-block font-medium text-brand-fg underline">
            {texts.landingHome}
          </a>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-fg">{texts.landingTitle}</h1>
          <p className="mt-2 text-fg-muted">{texts.landingExplained}</p>
          {remove.isError && (
            <Alert kind="danger" className="mt-4">
              {badLink(remove.error)
                ? texts.badLink
                : (noAnswerMessage(remove.error) ?? texts.deleteFailed)}
            </Alert>
          )}
          <Button
            variant="danger"
            className="mt-6 w-full sm:w-auto"
            disabled={!token || remove.isPending || badLink(remove.error)}
            onClick={() => remove.mutate(token, { onSuccess: onDeleted })}
          >
            {remove.isError && !badLink(remove.error) ? "Retry" : texts.landingButton}
          </Button>
        </>
      )}
    </Card>
  );
}
