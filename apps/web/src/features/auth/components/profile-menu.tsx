import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { LogOut, MessageSquare, ShieldCheck, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Avatar } from "@/components/ui/avatar";
import { paths } from "@/config/paths";
import { useIsAdmin } from "../api/check-admin";
import type { Session } from "../api/get-session";
import { useSignOut } from "../api/sign-out";

const itemClass =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm text-slate-700 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900";

function MenuLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild className={itemClass}>
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}

/** The nav's profile picture and its menu: Admin (when the server says so), Profile, Feedback, Log Out. */
export function ProfileMenu({ user }: { user: NonNullable<Session>["user"] }) {
  const signOut = useSignOut();
  // Once logging out starts the answer no longer matters, and asking again would be refused.
  const isAdmin = useIsAdmin(signOut.isIdle ? user.id : undefined);
  const iconClass = "size-4 text-slate-500";

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Open profile menu"
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <Avatar name={user.name} src={user.image} size={40} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-40 min-w-52 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200 animate-fade-in"
        >
          <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-slate-500">
            {user.name}
          </DropdownMenu.Label>
          {isAdmin.data && (
            <MenuLink to={paths.admin} icon={<ShieldCheck aria-hidden className={iconClass} />}>
              Admin
            </MenuLink>
          )}
          <MenuLink
            to={paths.userProfile(user.id)}
            icon={<UserRound aria-hidden className={iconClass} />}
          >
            Profile
          </MenuLink>
          <MenuLink to={paths.feedback} icon={<MessageSquare aria-hidden className={iconClass} />}>
            Feedback
          </MenuLink>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item className={itemClass} onSelect={() => signOut.mutate()}>
            <LogOut aria-hidden className={iconClass} />
            Log Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
