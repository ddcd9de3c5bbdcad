import { roundShareText } from "@eitheror/shared/share/rules";
import { memberPageTexts } from "@eitheror/shared/shell/member-pages";
import { ShareButton } from "@/components/ui/share-button";
import { appTitle } from "@/config/env";
import { paths } from "@/config/paths";
import { useRoundShare } from "../api/get-round-share";

/** A moment's day (`YYYY-MM-DD`) on this device's calendar: the day the sharer saw it happen. */
export function localDay(at: Date) {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/**
 * 'Share' on a closed round, for its members: the round's day, question, the
 * sharer's own pick and podium as text, and a signed link that opens the round for members and a teaser for
 * anyone else (docs/decisions/0028). What to share is read with the page, so the
 * share sheet opens straight from the click.
 */
export function ShareRoundButton({
  groupId,
  roundId,
  closedAt,
  pick,
}: {
  groupId: string;
  roundId: string;
  /** When the round closed (ISO). */
  closedAt: string;
  /** The option the sharer picked for themself, if they voted. */
  pick: string | null;
}) {
  const share = useRoundShare(groupId, roundId);
  const closedOn = localDay(new Date(closedAt));
  const payload = share.data
    ? {
        title: appTitle,
        text: roundShareText({ title: appTitle, ...share.data, closedOn, pick }),
        url: new URL(paths.sharedRound(share.data.shareId), window.location.origin).toString(),
      }
    : null;
  return <ShareButton className="mt-3" payload={payload} label={memberPageTexts.shareResults} />;
}
