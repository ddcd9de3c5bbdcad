import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { House, LogOut, MessageSquare, ShieldCheck, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import type { LoadedMenuProps } from "@/components/ui/deferred-menu";
import { MenuFrame } from "@/components/ui/dropdown-menu";
import { Link } from "@/components/ui/link";
import {
  menuIconClass,
  menuItemClass,
  menuLabelClass,
  menuSeparatorClass,
} from "@/components/ui/menu";
import { ThemeMenuItems } from "@/components/ui/theme-menu-content";
import { paths } from "@/config/paths";
import type { Session } from "../api/get-session";

function MenuLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild className={menuItemClass}>
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}

export interface ProfileMenuItemsProps {
  user: NonNullable<Session>["user"];
  isAdmin: boolean;
  onLogOut: () => void;
}

/** The profile menu once loaded (profile-menu.tsx shows its button until then). */
export function ProfileMenuContent({
  user,
  isAdmin,
  onLogOut,
  ...menu
}: LoadedMenuProps & ProfileMenuItemsProps) {
  return (
    <MenuFrame {...menu}>
      <DropdownMenu.Label className={menuLabelClass}>{user.name}</DropdownMenu.Label>
      <MenuLink to={paths.home} icon={<House aria-hidden className={menuIconClass} />}>
        Home
      </MenuLink>
      {isAdmin && (
        <MenuLink to={paths.admin} icon={<ShieldCheck aria-hidden className={menuIconClass} />}>
          Admin
        </MenuLink>
      )}
      <MenuLink
        to={paths.userProfile(user.id)}
        icon={<UserRound aria-hidden className={menuIconClass} />}
      >
        Profile
      </MenuLink>
      <MenuLink to={paths.feedback} icon={<MessageSquare aria-hidden className={menuIconClass} />}>
        Feedback
      </MenuLink>
      <DropdownMenu.Separator className={menuSeparatorClass} />
      <ThemeMenuItems />
      <DropdownMenu.Separator className={menuSeparatorClass} />
      <DropdownMenu.Item className={menuItemClass} onSelect={onLogOut}>
        <LogOut aria-hidden className={menuIconClass} />
        Log Out
      </DropdownMenu.Item>
    </MenuFrame>
  );
}
