import { Avatar } from "@/components/ui/avatar";
import { DeferredMenu } from "@/components/ui/deferred-menu";
import { deferred } from "@/lib/deferred";
import { useIsAdmin } from "../api/check-admin";
import type { Session } from "../api/get-session";
import { useSignOut } from "../api/sign-out";

const profileMenu = deferred(
  async () => (await import("./profile-menu-content")).ProfileMenuContent,
);

/**
 * The nav's profile picture and its menu: Admin (when the server says so),
 * Profile, Feedback and Log Out (docs/product.md#routes-and-guards), with a way
 * Home and the theme choice. The menu's code loads when it is first wanted.
 */
export function ProfileMenu({ user }: { user: NonNullable<Session>["user"] }) {
  const signOut = useSignOut();
  // Once logging out starts the answer no longer matters, and asking again would be refused.
  const isAdmin = useIsAdmin(signOut.isIdle ? user.id : undefined);

  return (
    <DeferredMenu
      menu={profileMenu}
      trigger={{
        label: "Open profile menu",
        className:
          "rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus",
        children: <Avatar name={user.name} src={user.image} size={40} />,
      }}
      props={{ user, isAdmin: isAdmin.data === true, onLogOut: () => signOut.mutate() }}
    />
  );
}
