import type { GroupSummary } from "@eitheror/shared/groups/schema";
import { groupMessages } from "@eitheror/shared/groups/schema";
import { ArrowRight, ChevronRight, Plus } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { paths } from "@/config/paths";
import { useGroups } from "../api/get-groups";

const HEADING_ID = "your-groups";
/** The landing page lists this many; home has them all. */
export const GLANCE_SIZE = 4;

/**
 * The landing page's word to a signed-in member, in place of the pitch to
 * strangers: their groups in a compact list (the first GLANCE_SIZE in `order`),
 * each with its round's state, and the way to home. A load that fails shows
 * nothing here: home says what failed.
 */
export function GroupsAtAGlance({
  roundStatus,
  order = (groups) => groups,
}: {
  roundStatus?: (group: GroupSummary) => ReactNode;
  order?: (groups: GroupSummary[]) => GroupSummary[];
}) {
  const groups = useGroups();
  if (groups.isError) return null;
  const shown = groups.data ? order(groups.data).slice(0, GLANCE_SIZE) : [];
  return (
    <section
      aria-labelledby={HEADING_ID}
      aria-busy={groups.isPending}
      className="rounded-3xl bg-surface p-5 shadow-sm ring-1 ring-border sm:p-6"
    >
      <h2 id={HEADING_ID} className="text-xl font-bold tracking-tight text-fg">
        Your groups
      </h2>
      {groups.isPending ? (
        <div className="mt-3 h-16 animate-pulse rounded-xl bg-surface-muted" />
      ) : shown.length === 0 ? (
        <div className="mt-3">
          <p className="text-fg-muted">
            You are in no group yet. Start one and invite your friends.
          </p>
          <Link to={paths.createGroup} className={buttonClass("primary", "mt-4")}>
            <Plus aria-hidden className="size-4" />
            Create Group
          </Link>
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-border">
          {shown.map((group) => (
            <li key={group.id}>
              <Link
                to={paths.group(group.id)}
                className="group flex items-center gap-3 rounded-xl py-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-fg">{group.name}</span>
                  <span className="mt-0.5 block text-sm text-fg-subtle">
                    {roundStatus?.(group) ?? groupMessages.noRoundYet}
                  </span>
                </span>
                <ChevronRight
                  aria-hidden
                  className="size-5 shrink-0 text-fg-faint transition group-hover:translate-x-0.5 group-hover:text-fg-muted"
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to={paths.home} className={buttonClass("ghost", "-ml-3 mt-2", "sm")}>
        Go to Home <ArrowRight aria-hidden className="size-4" />
      </Link>
    </section>
  );
}
