import { Avatar } from "@/components/ui/avatar";
import { Link } from "@/components/ui/link";
import { LoadFailedAlert } from "@/components/ui/load-failed";
import { paths } from "@/config/paths";
import { useLeaderboard } from "../api/get-leaderboard";
import { HowPointsWork } from "./how-points-work";
import { ListSkeleton } from "./list-skeleton";
import { WhoKnowsWhomSection } from "./who-knows-whom";

/**
 * The Leaderboard tab: the ranking, how points work, and who knows whom, each
 * loading on its own.
 */
export function LeaderboardTab({
  groupId,
  viewerId,
  memberCount,
}: {
  groupId: string;
  viewerId: string;
  memberCount: number;
}) {
  return (
    <div className="space-y-4">
      <Ranking groupId={groupId} viewerId={viewerId} />
      <HowPointsWork />
      <WhoKnowsWhomSection groupId={groupId} viewerId={viewerId} memberCount={memberCount} />
    </div>
  );
}

/** Rank (shared on ties), photo, name to the profile, '(Admin)', score. */
function Ranking({ groupId, viewerId }: { groupId: string; viewerId: string }) {
  const board = useLeaderboard(groupId);
  if (board.isPending) return <ListSkeleton label="Loading the leaderboard" />;
  if (board.isError) {
    return (
      <LoadFailedAlert what="the leaderboard" error={board.error} onRetry={() => board.refetch()} />
    );
  }
  return (
    <section
      aria-labelledby="leaderboard"
      className="rounded-3xl bg-surface p-2 shadow-sm ring-1 ring-border sm:p-3"
    >
      <h2 id="leaderboard" className="sr-only">
        Leaderboard
      </h2>
      <ol className="divide-y divide-border">
        {board.data.map((entry) => (
          <li key={entry.id} className="flex items-center gap-3 px-3 py-3">
            <span
              className={
                entry.rank === 1
                  ? "flex size-8 shrink-0 items-center justify-center rounded-full bg-brand text-sm font-bold text-on-brand"
                  : "flex size-8 shrink-0 items-center justify-center rounded-full bg-surface-muted text-sm font-bold text-fg-muted"
              }
            >
              <span className="sr-only">Rank </span>
              {entry.rank}
            </span>
            <Avatar name={entry.displayName} src={entry.photoURL} size={40} alt="" />
            <span className="min-w-0 flex-1">
              <Link
                to={paths.userProfile(entry.id)}
                className="font-semibold text-fg underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-focus"
              >
                {entry.displayName ?? "Member"}
              </Link>
              {entry.admin && <span className="text-sm text-brand-fg"> (Admin)</span>}
              {entry.id === viewerId && <span className="text-sm text-fg-muted"> (You)</span>}
            </span>
            <span className="shrink-0 text-right">
              <span className="text-lg font-bold text-fg">{entry.score}</span>{" "}
              <span className="text-xs text-fg-subtle">
                {entry.score === 1 ? "point" : "points"}
              </span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
