import { House } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { NavLink } from "@/components/ui/nav-link";
import { paths } from "@/config/paths";
import type { Session } from "../api/get-session";
import { ProfileMenu } from "./profile-menu";

/**
 * A member's part of the header: Home, then the profile menu. It loads only
 * for members (docs/decisions/0022); until it has, that end of the header is
 * empty, as the server painted it.
 */
export function MemberNav({ user }: { user: NonNullable<Session>["user"] }) {
  return (
    <div className="flex items-center gap-2 sm:gap-3">
      <NavLink to={paths.home} end className={buttonClass("ghost", undefined, "sm")}>
        <House aria-hidden className="size-4" />
        Home
      </NavLink>
      <ProfileMenu user={user} />
    </div>
  );
}
