import { groupMessages } from "@eitheror/shared/groups/schema";
import { useEffect, useRef, useState } from "react";
import { appTitle } from "@/config/env";

/** How long a copy button says it copied (docs/product.md#limits). */
export const COPIED_MS = 2000;

/** Native share only on iPhone, iPad, iPod or Android with a share function (docs/product.md#limits). */
export function canShareNatively() {
  return (
    /iPhone|iPad|iPod|Android/i.test(navigator.userAgent) && typeof navigator.share === "function"
  );
}

/** The invite link of a code, on this site. */
export const inviteUrl = (path: string) => new URL(path, window.location.origin).toString();

async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // No clipboard permission (an embedded browser): the old way still copies.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    const copied = document.execCommand("copy");
    area.remove();
    if (!copied) throw new Error("copy refused");
  }
}

/**
 * Shares an invite link the way the device can: the phone's share sheet where it
 * exists, else the clipboard, saying 'copied' for 2 s. A cancelled share says
 * nothing; a failed one says the product's message.
 */
export function useShareLink() {
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const native = canShareNatively();

  async function share(url: string) {
    setError(null);
    if (native) {
      try {
        await navigator.share({
          title: groupMessages.shareTitle,
          text: groupMessages.shareText(appTitle),
          url,
        });
      } catch (failure) {
        if (!(failure instanceof DOMException && failure.name === "AbortError")) {
          setError(groupMessages.shareFailed);
        }
      }
      return;
    }
    try {
      await copyText(url);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      setError(groupMessages.shareFailed);
    }
  }

  return { native, copied, error, share, dismissError: () => setError(null) };
}
