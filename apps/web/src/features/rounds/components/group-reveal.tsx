import { useEffect, useEffectEvent, useState } from "react";
import { useReveal } from "../api/get-reveal";
import { useMarkRevealSeen } from "../api/mark-reveal-seen";
import { RevealDialog } from "./reveal";

/**
 * Reveals closed in this tab: they stay closed even while the server has not
 * heard it yet (the mark failed and is sent again when the reveal comes back).
 */
const closedHere = new Set<string>();

/**
 * The Current Round tab's reveal: the newest closed round the viewer played and
 * has not seen, shown once when the page opens or when the round closes while
 * it is open (the live event reads it again). Showing it marks it seen on the
 * server, so no other device shows it again.
 */
export function GroupReveal({
  groupId,
  viewerId,
  notice,
  onClosed,
}: {
  groupId: string;
  viewerId: string;
  /** A line to say above the results of this round (the viewer's own submit closed it). */
  notice?: (roundId: string) => string | null;
  /** The reveal closed (Next round, Skip, Escape). */
  onClosed?: (roundId: string) => void;
}) {
  const reveal = useReveal(groupId);
  const seen = useMarkRevealSeen(groupId);
  const [, setClosedCount] = useState(0);
  const shown = reveal.data ?? null;
  const roundId = shown?.round.id;
  const markSeen = useEffectEvent((id: string) => seen.mutate(id));
  useEffect(() => {
    if (roundId) markSeen(roundId);
  }, [roundId]);
  if (!shown || !roundId || closedHere.has(roundId)) return null;
  const close = () => {
    closedHere.add(roundId);
    setClosedCount((count) => count + 1);
    if (seen.isError) seen.mutate(roundId);
    onClosed?.(roundId);
  };
  return (
    <RevealDialog
      round={shown.round}
      votes={shown.votes}
      viewerId={viewerId}
      notice={notice?.(roundId) ?? null}
      onNext={close}
      onSkip={close}
    />
  );
}
