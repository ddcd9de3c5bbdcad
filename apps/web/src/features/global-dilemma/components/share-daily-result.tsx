import { splitPercentages } from "@eitheror/shared/global-dilemma/rules";
import type { GlobalDilemma, Option } from "@eitheror/shared/global-dilemma/schema";
import { dailyShareText } from "@eitheror/shared/share/rules";
import { ShareButton } from "@/components/ui/share-button";
import { appTitle } from "@/config/env";
import { paths } from "@/config/paths";

/**
 * 'Share' under the split, once the viewer chose: "eitheror, 22 November 2026: I
 * picked “Tea” — 62% agreed" and the day's link, whose preview is the day's card.
 * Loaded on demand: the landing page's first paint does without it.
 */
export function ShareDailyResult({ dilemma, chosen }: { dilemma: GlobalDilemma; chosen: Option }) {
  const split = splitPercentages(dilemma.countA, dilemma.countB);
  const percent = chosen === "A" ? split.percentA : split.percentB;
  const url = new URL(paths.daily(dilemma.day), window.location.origin).toString();
  const pick = chosen === "A" ? dilemma.optionA : dilemma.optionB;
  const text = dailyShareText({ title: appTitle, day: dilemma.day, pick, percent });
  return <ShareButton className="mt-4" payload={{ title: appTitle, text, url }} />;
}
