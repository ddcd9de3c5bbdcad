import { INVITE_AVATARS_SHOWN, type Invitation } from "@eitheror/shared/groups/schema";
import { Avatar } from "@/components/ui/avatar";

const firstName = (name: string | null) => name?.split(/\s+/)[0] ?? "New player";

/**
 * 'Current Members' of an invitation: the admin first, labelled Admin, the
 * first 7, then '+N' for everyone not shown (docs/decisions/0014-group-screens.md).
 */
export function MemberAvatars({ members }: { members: Invitation["members"] }) {
  const shown = members.slice(0, INVITE_AVATARS_SHOWN);
  const hidden = members.length - shown.length;
  return (
    <ul className="flex flex-wrap justify-center gap-x-3 gap-y-4">
      {shown.map((member) => (
        <li key={member.id} className="flex w-16 flex-col items-center text-center">
          <Avatar
            name={member.displayName}
            src={member.photoURL}
            size={52}
            className={member.admin ? "ring-2 ring-brand" : undefined}
          />
          <span className="mt-1.5 w-full truncate text-xs font-medium text-fg">
            {firstName(member.displayName)}
          </span>
          {member.admin && <span className="text-xs font-semibold text-brand-fg">Admin</span>}
        </li>
      ))}
      {hidden > 0 && (
        <li className="flex w-16 flex-col items-center">
          <span className="flex size-[52px] items-center justify-center rounded-full bg-surface-muted text-sm font-bold text-fg-muted ring-1 ring-border">
            <span aria-hidden>+{hidden}</span>
            <span className="sr-only">and {hidden} more</span>
          </span>
        </li>
      )}
    </ul>
  );
}
