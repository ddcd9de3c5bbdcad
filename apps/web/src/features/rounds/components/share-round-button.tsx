import { roundShareText } from "@eitheror/shared/share/rules";
import { ShareButton } from "@/components/ui/share-button";
import { appTitle } from "@/config/env";
import { paths } from "@/config/paths";
import { useRoundShare } from "../api/get-round-share";

/**
 * 'Share' on a closed round, for its members: the round's question and podium as
 * text, and a signed link that opens the round for members and a teaser for
 * anyone else (docs/decisions/0028). What to share is read with the page, so the
 * share sheet opens straight from the click.
 */
export function ShareRoundButton({ groupId, roundId }: { groupId: string; roundId: string }) {
  const share = useRoundShare(groupId, roundId);
  const payload = share.data
    ? {
        title: appTitle,
        text: roundShareText({ title: appTitle, ...share.data }),
        url: new URL(paths.sharedRound(share.data.shareId), window.location.origin).toString(),
      }
    : null;
  return <ShareButton className="mt-3" payload={payload} label="Share results" />;
}
