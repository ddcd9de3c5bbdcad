import type { GroupSummary } from "@eitheror/shared/groups/schema";
import { groupMessages } from "@eitheror/shared/groups/schema";
import { ChevronRight, Crown, Plus, UsersRound } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";
import { IconBadge } from "@/components/ui/icon-badge";
import { Link } from "@/components/ui/link";
import { LoadFailedAlert } from "@/components/ui/load-failed";
import { paths } from "@/config/paths";
import { useGroups } from "../api/get-groups";

const HEADING_ID = "my-groups";

/**
 * Home's My Groups: a card per group (name, members/maxMembers, the round's
 * state), the Create Group button, and an empty state that says what to do.
 * `roundStatus` is where the rounds feature says 'Votes due in …'; until a
 * group has a round it says the first has not started. `order` puts the list in
 * the order the rounds feature knows best (awaiting your votes first).
 */
export function MyGroups({
  viewerId,
  roundStatus,
  order = (groups) => groups,
}: {
  viewerId: string;
  roundStatus?: (group: GroupSummary) => ReactNode;
  order?: (groups: GroupSummary[]) => GroupSummary[];
}) {
  const groups = useGroups();
  const hasGroups = (groups.data?.length ?? 0) > 0;
  return (
    <section aria-labelledby={HEADING_ID}>
      <div className="flex items-center justify-between gap-4">
        <h2 id={HEADING_ID} className="text-xl font-bold tracking-tight text-fg sm:text-2xl">
          My Groups
        </h2>
        {hasGroups && (
          <Link to={paths.createGroup} className={buttonClass("primary", undefined, "sm")}>
            <Plus aria-hidden className="size-4" />
            Create Group
          </Link>
        )}
      </div>
      <div className="mt-4">
        {groups.isPending ? (
          <GroupsSkeleton />
        ) : groups.isError ? (
          <LoadFailedAlert
            what="your groups"
            error={groups.error}
            onRetry={() => groups.refetch()}
          />
        ) : hasGroups ? (
          <ul className="grid gap-3 sm:grid-cols-2">
            {order(groups.data).map((group) => (
              <li key={group.id}>
                <GroupCard
                  group={group}
                  isAdmin={group.admin === viewerId}
                  status={roundStatus?.(group) ?? groupMessages.noRoundYet}
                />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyGroups />
        )}
      </div>
    </section>
  );
}

function GroupCard({
  group,
  isAdmin,
  status,
}: {
  group: GroupSummary;
  isAdmin: boolean;
  status: ReactNode;
}) {
  return (
    <Link
      to={paths.group(group.id)}
      className="group flex h-full items-center gap-4 rounded-2xl bg-surface p-4 shadow-sm ring-1 ring-border transition hover:shadow-md hover:ring-border-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus sm:p-5"
    >
      <IconBadge className="size-11 shrink-0">
        <UsersRound className="size-5" />
      </IconBadge>
      <span className="min-w-0 flex-1">
        <span className="block text-base font-semibold text-fg">{group.name}</span>
        <span className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm text-fg-muted">
          <span>
            {group.memberCount}/{group.maxMembers} members
          </span>
          {isAdmin && (
            <span className="inline-flex items-center gap-1 text-brand-fg">
              <Crown aria-hidden className="size-3.5" /> Admin
            </span>
          )}
        </span>
        <span className="mt-1 block text-sm text-fg-subtle">{status}</span>
      </span>
      <ChevronRight
        aria-hidden
        className="size-5 shrink-0 text-fg-faint transition group-hover:translate-x-0.5 group-hover:text-fg-muted"
      />
    </Link>
  );
}

function EmptyGroups() {
  return (
    <div className="rounded-3xl bg-surface p-6 text-center shadow-sm ring-1 ring-border sm:p-10">
      <IconBadge className="mx-auto size-14">
        <UsersRound className="size-7" />
      </IconBadge>
      <h3 className="mt-4 text-lg font-bold text-fg">No groups yet</h3>
      <p className="mx-auto mt-2 max-w-md text-fg-muted">
        Start a group and send your friends its link, or open an invite link a friend sent you. Then
        guess how each of them picks, round after round.
      </p>
      <Link to={paths.createGroup} className={buttonClass("primary", "mt-6")}>
        <Plus aria-hidden className="size-4" />
        Create Group
      </Link>
    </div>
  );
}

/** Two cards in grey while the list loads: the section keeps its height. */
function GroupsSkeleton() {
  return (
    <div aria-busy className="grid animate-pulse gap-3 sm:grid-cols-2">
      <span className="sr-only">Loading your groups</span>
      {[0, 1].map((key) => (
        <div
          key={key}
          className="flex items-center gap-4 rounded-2xl bg-surface p-4 ring-1 ring-border sm:p-5"
        >
          <div className="size-11 rounded-2xl bg-surface-muted" />
          <div className="flex-1 space-y-2">
            <div className="h-5 w-1/2 rounded bg-surface-muted" />
            <div className="h-4 w-1/3 rounded bg-surface-muted" />
            <div className="h-4 w-2/3 rounded bg-surface-muted" />
          </div>
        </div>
      ))}
    </div>
  );
}
