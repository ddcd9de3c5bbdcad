import { groupMessages } from "@eitheror/shared/groups/schema";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { EllipsisVertical, LogOut, Pencil, Trash2, UserPlus } from "lucide-react";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Link } from "@/components/ui/link";
import { menuContentClass, menuIconClass, menuItemClass } from "@/components/ui/menu";
import { paths } from "@/config/paths";

type Pending = "delete" | "leave" | null;

/**
 * The group page's three dots: the admin's Invite Members, Edit Group and
 * Delete Group, a member's Leave Group. Delete and leave ask first.
 */
export function GroupActionsMenu({
  groupId,
  groupName,
  isAdmin,
  busy,
  onDelete,
  onLeave,
}: {
  groupId: string;
  /** Named in the delete confirmation, with what goes with it. */
  groupName: string;
  isAdmin: boolean;
  busy: boolean;
  onDelete: () => Promise<unknown>;
  onLeave: () => Promise<unknown>;
}) {
  const [asking, setAsking] = useState<Pending>(null);
  const confirm = async () => {
    try {
      await (asking === "delete" ? onDelete() : onLeave());
    } finally {
      setAsking(null);
    }
  };
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label="Group actions"
          className={buttonClass("ghost", "shrink-0", "icon")}
        >
          <EllipsisVertical aria-hidden className="size-5" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClass}>
            {isAdmin ? (
              <>
                <DropdownMenu.Item asChild className={menuItemClass}>
                  <Link to={`${paths.groupProfile(groupId)}#invite`}>
                    <UserPlus aria-hidden className={menuIconClass} />
                    Invite Members
                  </Link>
                </DropdownMenu.Item>
                <DropdownMenu.Item asChild className={menuItemClass}>
                  <Link to={`${paths.groupProfile(groupId)}#edit`}>
                    <Pencil aria-hidden className={menuIconClass} />
                    Edit Group
                  </Link>
                </DropdownMenu.Item>
                <DropdownMenu.Item className={menuItemClass} onSelect={() => setAsking("delete")}>
                  <Trash2 aria-hidden className={menuIconClass} />
                  Delete Group
                </DropdownMenu.Item>
              </>
            ) : (
              <DropdownMenu.Item className={menuItemClass} onSelect={() => setAsking("leave")}>
                <LogOut aria-hidden className={menuIconClass} />
                Leave Group
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={asking !== null}
        message={asking === "delete" ? groupMessages.confirmDelete : groupMessages.confirmLeave}
        details={
          asking === "delete" && (
            <>
              <p className="font-semibold text-fg">{groupName}</p>
              <p>{groupMessages.deleteLoses}</p>
            </>
          )
        }
        confirmLabel={asking === "delete" ? "Delete Group" : "Leave Group"}
        pending={busy}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
