import { accountMessages as texts } from "@eitheror/shared/account/schema";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { noAnswerMessage } from "@/lib/form-messages";
import { useExportData, useSendDeletionLink } from "../api/account";

/** The own profile's account sections: export, then deletion. */
export function AccountSections() {
  return (
    <>
      <ExportDataSection />
      <DeleteAccountSection />
    </>
  );
}

/** 'Export my data': one button, one JSON file (decision 0078). */
function ExportDataSection() {
  const exportData = useExportData();
  return (
    <section aria-labelledby="export-heading" className="mt-8 border-t border-border pt-6">
      <h2 id="export-heading" className="text-lg font-semibold text-fg">
        {texts.exportSection}
      </h2>
      <p className="mt-1 text-sm text-fg-subtle">{texts.exportExplained}</p>
      <Button
        variant="secondary"
        className="mt-4 w-full sm:w-auto"
        disabled={exportData.isPending}
        onClick={() => exportData.mutate()}
      >
        {exportData.isPending ? "Preparing…" : texts.exportButton}
      </Button>
      {exportData.isError && (
        <Alert
          kind="danger"
          className="mt-4"
          action={
            <Button size="sm" variant="secondary" onClick={() => exportData.mutate()}>
              Retry
            </Button>
          }
        >
          {noAnswerMessage(exportData.error) ?? texts.exportFailed}
        </Alert>
      )}
    </section>
  );
}

/**
 * 'Delete my account': explains, asks once, and e-mails the link that deletes;
 * the session alone deletes nothing (decision 0078).
 */
function DeleteAccountSection() {
  const [asking, setAsking] = useState(false);
  const send = useSendDeletionLink();
  const confirm = () => {
    send.mutate(undefined, { onSettled: () => setAsking(false) });
  };
  return (
    <section aria-labelledby="delete-heading" className="mt-8 border-t border-border pt-6">
      <h2 id="delete-heading" className="text-lg font-semibold text-fg">
        {texts.deleteSection}
      </h2>
      <p className="mt-1 text-sm text-fg-subtle">{texts.deleteExplained}</p>
      <p className="mt-2 text-sm text-fg-subtle">{texts.deleteAsk}</p>
      {send.isSuccess ? (
        <Alert kind="success" className="mt-4">
          {/* A long address wraps rather than widening the page. */}
          <p className="font-medium wrap-break-word">{texts.deleteSent(send.data.email)}</p>
          <p className="text-sm">{texts.deleteSentHint}</p>
        </Alert>
      ) : (
        <Button
          variant="danger"
          className="mt-4 w-full sm:w-auto"
          disabled={send.isPending}
          onClick={() => setAsking(true)}
        >
          {texts.deleteSend}
        </Button>
      )}
      {send.isError && (
        <Alert
          kind="danger"
          className="mt-4"
          action={
            <Button size="sm" variant="secondary" onClick={confirm}>
              Retry
            </Button>
          }
        >
          {noAnswerMessage(send.error) ?? texts.deleteSendFailed}
        </Alert>
      )}
      {/* Mounted only when asked: its Cancel takes the focus as it mounts. */}
      {asking && (
        <ConfirmDialog
          open
          message={texts.deleteConfirm}
          details={texts.deleteAsk}
          confirmLabel={texts.deleteSend}
          pending={send.isPending}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        />
      )}
    </section>
  );
}
