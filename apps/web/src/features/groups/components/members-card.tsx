import type { GroupData, GroupMember } from "@eitheror/shared/groups/schema";
import { groupMessages } from "@eitheror/shared/groups/schema";
import { UserMinus } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Link } from "@/components/ui/link";
import { paths } from "@/config/paths";
import { noAnswerMessage } from "@/lib/form-messages";
import { useRemoveMember } from "../api/remove-member";
import { sectionClass, sectionTitleClass } from "./section";

export const memberName = (member: Pick<GroupMember, "displayName">) =>
  member.displayName ?? "A new player";

/**
 * Members: photo, name (to their profile), '(You)' for the viewer, and for the
 * admin a Remove beside everyone else, after the question of
 * docs/product.md#validation.
 */
export function MembersCard({
  group,
  viewerId,
  isAdmin,
}: {
  group: GroupData;
  viewerId: string;
  isAdmin: boolean;
}) {
  const remove = useRemoveMember(group.id);
  const [asking, setAsking] = useState<GroupMember | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);

  return (
    <section aria-labelledby="group-members" className={sectionClass}>
      <h2 id="group-members" className={sectionTitleClass}>
        Members{" "}
        <span className="font-normal text-fg-subtle">
          ({group.members.length}/{group.maxMembers})
        </span>
      </h2>
      {removed && (
        <Alert kind="success" className="mt-4" onDismiss={() => setRemoved(null)}>
          {groupMessages.removed(removed)}
        </Alert>
      )}
      {remove.isError && (
        <Alert kind="danger" className="mt-4" onDismiss={remove.reset}>
          {noAnswerMessage(remove.error) ?? groupMessages.removeFailed}
        </Alert>
      )}
      <ul className="mt-4 divide-y divide-border">
        {group.members.map((member) => (
          <li key={member.id} className="flex min-h-16 items-center gap-3 py-3">
            <Avatar name={member.displayName} src={member.photoURL} size={40} />
            <div className="min-w-0 flex-1">
              <Link
                to={paths.userProfile(member.id)}
                className="rounded font-semibold text-fg underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-focus"
              >
                {memberName(member)}
              </Link>
              {member.id === viewerId && <span className="ml-1 text-fg-muted">(You)</span>}
              {member.admin && <p className="text-xs font-semibold text-brand-fg">Admin</p>}
            </div>
            {isAdmin && member.id !== viewerId && (
              <Button variant="secondary" size="sm" onClick={() => setAsking(member)}>
                <UserMinus aria-hidden className="size-4" />
                Remove
                <span className="sr-only"> {memberName(member)}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        message={groupMessages.confirmRemove(asking ? memberName(asking) : "")}
        confirmLabel="Remove"
        pending={remove.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (!asking) return;
          const name = memberName(asking);
          setRemoved(null);
          remove.mutate(
            { memberId: asking.id, name },
            { onSuccess: () => setRemoved(name), onSettled: () => setAsking(null) },
          );
        }}
      />
    </section>
  );
}
