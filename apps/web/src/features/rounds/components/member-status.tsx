import { ROUND_AVATARS_SHOWN } from "@eitheror/shared/rounds/schema";
import { Avatar } from "@/components/ui/avatar";
import { Link } from "@/components/ui/link";
import { paths } from "@/config/paths";

export interface RoundMember {
  id: string;
  displayName: string | null;
  photoURL: string | null;
}

/** 'Done (n)' and 'Waiting for (n)': 8 avatars each, then '+N' to the Leaderboard tab. */
export function MemberStatus({
  groupId,
  done,
  waiting,
}: {
  groupId: string;
  done: RoundMember[];
  waiting: RoundMember[];
}) {
  return (
    <div className="grid gap-4 rounded-3xl bg-surface p-5 shadow-sm ring-1 ring-border sm:grid-cols-2 sm:p-6">
      <AvatarRow groupId={groupId} title={`Done (${done.length})`} members={done} />
      <AvatarRow groupId={groupId} title={`Waiting for (${waiting.length})`} members={waiting} />
    </div>
  );
}

function AvatarRow({
  groupId,
  title,
  members,
}: {
  groupId: string;
  title: string;
  members: RoundMember[];
}) {
  const shown = members.slice(0, ROUND_AVATARS_SHOWN);
  const hidden = members.length - shown.length;
  const ring =
    "rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus";
  return (
    <div>
      <h3 className="text-sm font-semibold text-fg">{title}</h3>
      <ul className="mt-2 flex min-h-10 flex-wrap gap-1.5">
        {shown.map((member) => (
          <li key={member.id}>
            <Link
              to={paths.userProfile(member.id)}
              className={`block ${ring}`}
              aria-label={member.displayName ?? "Member"}
              title={member.displayName ?? undefined}
            >
              <Avatar name={member.displayName} src={member.photoURL} size={40} alt="" />
            </Link>
          </li>
        ))}
        {hidden > 0 && (
          <li>
            <Link
              to={`${paths.group(groupId)}?tab=leaderboard`}
              className={`flex size-10 items-center justify-center bg-surface-muted text-sm font-bold text-fg-muted ring-1 ring-border ${ring}`}
            >
              <span aria-hidden>+{hidden}</span>
              <span className="sr-only">and {hidden} more: see the leaderboard</span>
            </Link>
          </li>
        )}
        {members.length === 0 && <li className="text-sm text-fg-subtle">Nobody yet</li>}
      </ul>
    </div>
  );
}
