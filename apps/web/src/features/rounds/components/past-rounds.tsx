import { previewDilemma } from "@eitheror/shared/rounds/rules";
import { timeSince } from "@eitheror/shared/time/rules";
import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "@/components/ui/link";
import { LoadFailedAlert } from "@/components/ui/load-failed";
import { paths } from "@/config/paths";
import { usePastRounds } from "../api/get-past-rounds";
import { ListSkeleton } from "./list-skeleton";

/** The Past Rounds tab: each closed round's dilemma (cut to 100) and when it closed; `empty` before any. */
export function PastRoundsTab({ groupId, empty }: { groupId: string; empty: ReactNode }) {
  const rounds = usePastRounds(groupId);
  if (rounds.isPending) return <ListSkeleton label="Loading past rounds" />;
  if (rounds.isError) {
    return (
      <LoadFailedAlert
        what="the past rounds"
        error={rounds.error}
        onRetry={() => rounds.refetch()}
      />
    );
  }
  if (rounds.data.length === 0) return empty;
  const now = new Date();
  return (
    <section aria-labelledby="past-rounds">
      <h2 id="past-rounds" className="sr-only">
        Past Rounds
      </h2>
      <ul className="space-y-3">
        {rounds.data.map((round) => (
          <li key={round.id}>
            <Link
              to={paths.archivedRound(groupId, round.id)}
              className="group flex items-center gap-4 rounded-2xl bg-surface p-4 shadow-sm ring-1 ring-border transition hover:shadow-md hover:ring-border-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus sm:p-5"
            >
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-fg">{previewDilemma(round.dilemma)}</span>
                <span className="mt-1 block text-sm text-fg-subtle">
                  {timeSince(new Date(round.archivedDate), now)}
                </span>
              </span>
              <ChevronRight
                aria-hidden
                className="size-5 shrink-0 text-fg-faint transition group-hover:translate-x-0.5"
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
