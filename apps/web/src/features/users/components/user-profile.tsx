import type { UserData } from "@eitheror/shared/auth/schema";
import { timeSince } from "@eitheror/shared/time/rules";
import { ArrowLeft, UserX } from "lucide-react";
import { useLocation, useNavigate } from "react-router";
import { Avatar } from "@/components/ui/avatar";
import { Button, buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CardHeading } from "@/components/ui/card-heading";
import { Link } from "@/components/ui/link";
import { LoadFailed } from "@/components/ui/load-failed";
import { PageTitle } from "@/components/ui/page-title";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { useUser } from "../api/get-user";
import { OwnProfile } from "./own-profile";
import { PHOTO_SIZE } from "./profile-photo-editor";

const joined = (user: UserData) => `Joined ${timeSince(new Date(user.createdAt), new Date())}`;

/** /user-profile/{userId}: one's own profile to edit, anyone else's to look at. */
export function UserProfile({
  userId,
  viewerId,
  onSaved,
  emailChanged,
}: {
  userId: string;
  viewerId: string;
  /** Reloads what the rest of the app shows of the viewer (the nav's photo and name). */
  onSaved: () => Promise<unknown>;
  /** The new address, when the viewer arrives from the link that changed it. */
  emailChanged?: { email: string; dismiss: () => void };
}) {
  const user = useUser(userId);

  if (user.isPending) return <ProfileSkeleton />;
  if (user.isError) {
    if (user.error instanceof ApiError && user.error.code === "not_found")
      return <ProfileNotFound />;
    return (
      <LoadFailed
        screen="Profile"
        what="this profile"
        error={user.error}
        onRetry={() => user.refetch()}
      />
    );
  }
  return user.data.id === viewerId ? (
    <OwnProfile
      user={user.data}
      joined={joined(user.data)}
      onSaved={onSaved}
      emailChanged={emailChanged}
    />
  ) : (
    <PublicProfile user={user.data} />
  );
}

function PublicProfile({ user }: { user: UserData }) {
  return (
    <div className="mx-auto max-w-md space-y-4">
      <BackFromProfile />
      <Card className="flex flex-col items-center py-10 text-center sm:py-12">
        <PageTitle screen={user.displayName ?? "Profile"} />
        <Avatar name={user.displayName} src={user.photoURL} size={PHOTO_SIZE} />
        <h1 className="mt-6 max-w-full text-2xl font-bold tracking-tight text-fg">
          {user.displayName ?? "A new player"}
        </h1>
        <p className="mt-1 text-sm text-fg-subtle">{joined(user)}</p>
      </Card>
    </div>
  );
}

/**
 * Back to where the profile was opened from (a group's page, a round), which
 * the app's own history knows; a profile opened from outside leads home.
 */
function BackFromProfile() {
  const location = useLocation();
  const navigate = useNavigate();
  const className = buttonClass("ghost", "-ml-3", "sm");
  // The first page of this visit has the key "default": nothing of ours lies behind it.
  if (location.key === "default") {
    return (
      <Link to={paths.home} className={className}>
        <ArrowLeft aria-hidden className="size-4" />
        Back to Home
      </Link>
    );
  }
  return (
    <Button variant="ghost" size="sm" className="-ml-3" onClick={() => navigate(-1)}>
      <ArrowLeft aria-hidden className="size-4" />
      Back
    </Button>
  );
}

function ProfileNotFound() {
  return (
    <Card className="mx-auto max-w-md text-center">
      <CardHeading screen="Profile Not Found" icon={<UserX className="size-6" />} centered>
        This profile does not exist.
      </CardHeading>
      <p className="mt-2 text-fg-muted">The link may be mistyped, or the account was closed.</p>
      <Link to={paths.home} className={buttonClass("secondary", "mt-6")}>
        Back to Home
      </Link>
    </Card>
  );
}

/** The own-profile layout in grey, so the page does not jump when the data arrives. */
function ProfileSkeleton() {
  return (
    <Card className="mx-auto max-w-3xl" aria-busy>
      <PageTitle screen="Profile" />
      <span className="sr-only">Loading profile</span>
      <div className="flex animate-pulse flex-col items-center gap-4 md:flex-row md:items-start md:gap-12">
        <div className="flex flex-col items-center">
          <div className="size-[200px] rounded-full bg-surface-muted" />
          <div className="mt-3 h-5" />
        </div>
        <div className="w-full flex-1 space-y-3">
          <div className="mx-auto h-8 w-48 rounded-lg bg-surface-muted md:mx-0" />
          <div className="mx-auto h-4 w-32 rounded bg-surface-muted md:mx-0" />
          <div className="space-y-4 pt-5">
            <div className="h-12 rounded-xl bg-surface-muted" />
            <div className="h-12 rounded-xl bg-surface-muted" />
          </div>
        </div>
      </div>
    </Card>
  );
}
