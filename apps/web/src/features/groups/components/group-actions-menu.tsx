import { groupMessages } from "@eitheror/shared/groups/schema";
import { groupHeaderClass } from "@eitheror/shared/shell/member-classes";
import { memberPageTexts } from "@eitheror/shared/shell/member-pages";
import { EllipsisVertical } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DeferredMenu } from "@/components/ui/deferred-menu";
import { deferred } from "@/lib/deferred";
import type { Pending } from "./group-actions-menu-content";

/** The menu's code (Radix, the items): not on the group page's first load, fetched as it is wanted. */
const groupActions = deferred(
  async () => (await import("./group-actions-menu-content")).GroupActionsMenuContent,
);

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
      <DeferredMenu
        menu={groupActions}
        trigger={{
          label: memberPageTexts.groupActions,
          className: groupHeaderClass.menu,
          children: <EllipsisVertical aria-hidden className={groupHeaderClass.menuIcon} />,
        }}
        props={{ groupId, isAdmin, onAsk: setAsking }}
      />
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
