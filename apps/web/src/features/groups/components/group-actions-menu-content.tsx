import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { LogOut, Pencil, Trash2, UserPlus } from "lucide-react";
import type { LoadedMenuProps } from "@/components/ui/deferred-menu";
import { MenuFrame } from "@/components/ui/dropdown-menu";
import { Link } from "@/components/ui/link";
import { menuIconClass, menuItemClass } from "@/components/ui/menu";
import { paths } from "@/config/paths";

/** What the menu asks to be confirmed, if anything. */
export type Pending = "delete" | "leave" | null;

export interface GroupActionsItemsProps {
  groupId: string;
  isAdmin: boolean;
  onAsk: (pending: Pending) => void;
}

/** The group actions menu once loaded (group-actions-menu.tsx shows its button until then). */
export function GroupActionsMenuContent({
  groupId,
  isAdmin,
  onAsk,
  ...menu
}: LoadedMenuProps & GroupActionsItemsProps) {
  return (
    <MenuFrame {...menu}>
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
          <DropdownMenu.Item className={menuItemClass} onSelect={() => onAsk("delete")}>
            <Trash2 aria-hidden className={menuIconClass} />
            Delete Group
          </DropdownMenu.Item>
        </>
      ) : (
        <DropdownMenu.Item className={menuItemClass} onSelect={() => onAsk("leave")}>
          <LogOut aria-hidden className={menuIconClass} />
          Leave Group
        </DropdownMenu.Item>
      )}
    </MenuFrame>
  );
}
