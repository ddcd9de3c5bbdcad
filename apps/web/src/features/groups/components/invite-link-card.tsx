import { groupMessages } from "@eitheror/shared/groups/schema";
import { Check, Copy, RefreshCw, Share2 } from "lucide-react";
import { Suspense, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorBoundary } from "@/components/ui/error-boundary";
import { Input } from "@/components/ui/input";
import { paths } from "@/config/paths";
import { lazyCode } from "@/lib/lazy-code";
import { useResetInviteCode } from "../api/reset-invite-code";
import { inviteUrl, useShareLink } from "../hooks/use-share-link";
import { sectionClass, sectionTitleClass } from "./section";

/** The QR code's encoder comes with the code, on demand: only this card draws one. */
const LazyInviteQrCode = lazyCode(async () => (await import("./invite-qr-code")).InviteQrCode);

const CONFIRM_RESET =
  "Reset the invitation link? The current link stops working at once, for everyone who has it.";

/**
 * The invitation link as a QR code to scan across a table (an extra: if its
 * code does not arrive, the card goes on without it) and as text, read-only,
 * with the note of docs/product.md (Group profile); Share Link on phones with a
 * share sheet, else Copy Link ('Copied!' for 2 s). The admin can reset it, so a
 * link that went too far stops working.
 */
export function InviteLinkCard({
  groupId,
  inviteCode,
  isAdmin,
}: {
  groupId: string;
  inviteCode: string;
  isAdmin: boolean;
}) {
  const id = useId();
  const link = useShareLink();
  const url = inviteUrl(paths.invite(inviteCode));

  return (
    <section id="invite" aria-labelledby={`${id}-title`} className={sectionClass}>
      <h2 id={`${id}-title`} className={sectionTitleClass}>
        Invite Members
      </h2>
      <div className="mt-4 flex flex-col items-center gap-5 sm:flex-row sm:items-start">
        <QrCodeOf url={url} />
        <div className="w-full min-w-0 flex-1">
          <label htmlFor={`${id}-link`} className="block text-sm font-semibold text-fg">
            Invitation link
          </label>
          <div className="mt-1.5 flex flex-col gap-3 lg:flex-row">
            <Input
              id={`${id}-link`}
              readOnly
              value={url}
              aria-describedby={`${id}-note`}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-base sm:text-sm"
            />
            <Button className="shrink-0 sm:self-start lg:min-w-36" onClick={() => link.share(url)}>
              <ShareLinkLabel native={link.native} copied={link.copied} />
            </Button>
          </div>
          <p id={`${id}-note`} className="mt-2 text-sm text-fg-muted">
            {groupMessages.inviteNote}
          </p>
        </div>
      </div>
      <div role="status" className="sr-only">
        {link.copied ? groupMessages.copied : ""}
      </div>
      {link.error && (
        <Alert kind="danger" className="mt-4" onDismiss={link.dismissError}>
          {link.error}
        </Alert>
      )}
      {isAdmin && <ResetInviteLink groupId={groupId} />}
    </section>
  );
}

/** The code in its tile, or the tile's place while the code arrives (nothing if it cannot). */
function QrCodeOf({ url }: { url: string }) {
  return (
    <ErrorBoundary fallback={() => null}>
      <Suspense
        fallback={<div aria-hidden className="size-56 shrink-0 rounded-2xl bg-surface-muted" />}
      >
        <LazyInviteQrCode url={url} />
      </Suspense>
    </ErrorBoundary>
  );
}

function ShareLinkLabel({ native, copied }: { native: boolean; copied: boolean }) {
  if (native)
    return (
      <>
        <Share2 aria-hidden className="size-4" /> Share Link
      </>
    );
  return copied ? (
    <>
      <Check aria-hidden className="size-4" /> {groupMessages.copied}
    </>
  ) : (
    <>
      <Copy aria-hidden className="size-4" /> Copy Link
    </>
  );
}

/** The admin's way to replace a link that went too far, after asking. */
function ResetInviteLink({ groupId }: { groupId: string }) {
  const reset = useResetInviteCode(groupId);
  const [asking, setAsking] = useState(false);
  return (
    <div className="mt-5 border-t border-border pt-4">
      <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
        <RefreshCw aria-hidden className="size-4" />
        Reset Link
      </Button>
      {reset.isSuccess && (
        <Alert kind="success" className="mt-3" onDismiss={reset.reset}>
          A new invitation link is ready. The old one no longer works.
        </Alert>
      )}
      {reset.isError && (
        <Alert kind="danger" className="mt-3" onDismiss={reset.reset}>
          The link was not reset. {reset.error.message}
        </Alert>
      )}
      <ConfirmDialog
        open={asking}
        message={CONFIRM_RESET}
        confirmLabel="Reset Link"
        pending={reset.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => reset.mutate(undefined, { onSettled: () => setAsking(false) })}
      />
    </div>
  );
}
