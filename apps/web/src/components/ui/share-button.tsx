import { shareMessages } from "@eitheror/shared/share/schema";
import { Check, Share2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { cn } from "@/lib/cn";
import { Alert } from "./alert";
import { Button } from "./button";

/** How long the button itself says it copied. */
export const COPIED_MS = 2000;

export interface SharePayload {
  title: string;
  /** The share text, without the link. */
  text: string;
  url: string;
}

type Outcome = "idle" | "copied" | "refused" | "failed";

/** What the clipboard gets where there is no share sheet: the text, then the link. */
export const copiedText = ({ text, url }: SharePayload) => `${text}\n${url}`;

/**
 * Share: the device's share sheet where the browser has one, else the text and
 * the link copied to the clipboard, said in a live region ('Copied'). A refused
 * clipboard shows the text to copy by hand; a cancelled share says nothing.
 */
export function ShareButton({
  payload,
  className,
  label = shareMessages.share,
}: {
  /** Null while what to share is still loading: the button waits, disabled. */
  payload: SharePayload | null;
  className?: string;
  label?: string;
}) {
  const id = useId();
  const [outcome, setOutcome] = useState<Outcome>("idle");
  // The button says 'Copied' for a moment; the line beside it stays until the next try.
  const [justCopied, setJustCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function share() {
    if (!payload) return;
    window.clearTimeout(timer.current);
    setOutcome("idle");
    if (typeof navigator.share === "function") {
      try {
        await navigator.share(payload);
      } catch (failure) {
        if (!(failure instanceof DOMException && failure.name === "AbortError")) {
          setOutcome("failed");
        }
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(copiedText(payload));
      setOutcome("copied");
      setJustCopied(true);
      timer.current = window.setTimeout(() => setJustCopied(false), COPIED_MS);
    } catch {
      setOutcome("refused");
    }
  }

  return (
    <div className={cn("space-y-3", className)}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Button variant="secondary" disabled={!payload} onClick={share}>
          {justCopied ? (
            <Check aria-hidden className="size-4" />
          ) : (
            <Share2 aria-hidden className="size-4" />
          )}
          {justCopied ? shareMessages.copied : label}
        </Button>
        <p role="status" aria-live="polite" className="text-sm font-medium text-success-fg">
          {outcome === "copied" ? shareMessages.copiedLong : ""}
        </p>
      </div>
      {outcome === "failed" && (
        <Alert kind="danger" onDismiss={() => setOutcome("idle")}>
          {shareMessages.shareFailed}
        </Alert>
      )}
      {outcome === "refused" && payload && (
        <Alert kind="info" onDismiss={() => setOutcome("idle")}>
          <label htmlFor={`${id}-text`}>{shareMessages.copyRefused}</label>
          <textarea
            id={`${id}-text`}
            readOnly
            rows={3}
            value={copiedText(payload)}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-2 block w-full resize-none rounded-lg bg-surface p-2 font-mono text-sm text-fg ring-1 ring-border"
          />
        </Alert>
      )}
    </div>
  );
}
