import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { House, LogOut, MessageSquare, ShieldCheck, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Avatar } from "@/components/ui/avatar";
import {
  menuContentClass,
  menuIconClass,
  menuItemClass,
  menuLabelClass,
  menuSeparatorClass,
} from "@/components/ui/menu";
import { ThemeMenuItems } from "@/components/ui/theme-menu";
import { paths } from "@/config/paths";
import { useIsAdmin } from "../api/check-admin";
import type { Session } from "../api/get-session";
import { useSignOut } from "../api/sign-out";

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

/**
 * The nav's profile picture and its menu: Admin (when the server says so),
 * Profile, Feedback and Log Out (docs/product.md#routes-and-guards), with a way
 * Home and the theme choice.
 */
export function ProfileMenu({ user }: { user: NonNullable<Session>["user"] }) {
  const signOut = useSignOut();
  // Once logging out starts the answer no longer matters, and asking again would be refused.
  const isAdmin = useIsAdmin(signOut.isIdle ? user.id : undefined);

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Open profile menu"
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
      >
        <Avatar name={user.name} src={user.image} size={40} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClass}>
          <DropdownMenu.Label className={menuLabelClass}>{user.name}</DropdownMenu.Label>
          <MenuLink to={paths.home} icon={<House aria-hidden className={menuIconClass} />}>
            Home
          </MenuLink>
          {isAdmin.data && (
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
          <MenuLink
            to={paths.feedback}
            icon={<MessageSquare aria-hidden className={menuIconClass} />}
          >
            Feedback
          </MenuLink>
          <DropdownMenu.Separator className={menuSeparatorClass} />
          <ThemeMenuItems />
          <DropdownMenu.Separator className={menuSeparatorClass} />
          <DropdownMenu.Item className={menuItemClass} onSelect={() => signOut.mutate()}>
            <LogOut aria-hidden className={menuIconClass} />
            Log Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
