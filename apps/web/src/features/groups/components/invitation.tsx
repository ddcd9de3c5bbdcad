import { groupMessages, type Invitation as InvitationData } from "@eitheror/shared/groups/schema";
import { LinkIcon, Mail, UserPlus, UserX } from "lucide-react";
import { useEffect, useRef } from "react";
import { Navigate, useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { Card, cardTitleClass } from "@/components/ui/card";
import { IconBadge } from "@/components/ui/icon-badge";
import { Link } from "@/components/ui/link";
import { LoadFailed } from "@/components/ui/load-failed";
import { PageTitle } from "@/components/ui/page-title";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { useInvitation } from "../api/get-invitation";
import { useJoinGroup } from "../api/join-group";
import { joinIntent } from "../utils/join-intent";
import { MemberAvatars } from "./member-avatars";

interface JoinFlow {
  signedIn: boolean;
  /** Back from signing in after pressing Join (`?join=1`): join at once if this browser said so. */
  joinOnArrival: boolean;
  /** The `?join=1` was acted on (or cannot be): the page forgets it. */
  onArrivalHandled: () => void;
  /** A guest pressed Join: sign in first, naming the group, then come back. */
  onSignInFirst: (groupName: string) => void;
}

/**
 * /invite/{inviteCode}: the group's name, 'Current Members' and Join Group.
 * Anyone with a session may look (a guest's will do); joining needs a signed-in
 * person, so `onSignInFirst` takes others to sign in and back here, where they
 * join without a second tap. A member is taken to the group.
 */
export function Invitation({
  inviteCode,
  hasSession,
  ...flow
}: { inviteCode: string; hasSession: boolean } & JoinFlow) {
  const invitation = useInvitation(inviteCode, { enabled: hasSession });
  if (invitation.isPending) return <InvitationSkeleton />;
  if (invitation.isError) {
    if (invitation.error instanceof ApiError && invitation.error.code === "not_found") {
      return <InvitationNotFound />;
    }
    return (
      <LoadFailed
        screen="Group Invitation"
        what="this invitation"
        error={invitation.error}
        onRetry={() => invitation.refetch()}
      />
    );
  }
  if (invitation.data.isMember) return <Navigate to={paths.group(invitation.data.id)} replace />;
  if (invitation.data.wasRemoved) return <RemovedFromGroup invitation={invitation.data} />;
  return <InvitationCard invitation={invitation.data} inviteCode={inviteCode} {...flow} />;
}

function InvitationCard({
  invitation,
  inviteCode,
  signedIn,
  joinOnArrival,
  onArrivalHandled,
  onSignInFirst,
}: { invitation: InvitationData; inviteCode: string } & JoinFlow) {
  const navigate = useNavigate();
  const join = useJoinGroup();
  const joinError = joinFailure(join.error);
  const full =
    invitation.isFull || (join.error instanceof ApiError && join.error.code === "group_full");
  const onJoin = () => {
    if (!signedIn) {
      joinIntent.remember(inviteCode);
      return onSignInFirst(invitation.name);
    }
    join.mutate(
      { id: invitation.id, inviteCode },
      { onSuccess: () => navigate(paths.group(invitation.id)) },
    );
  };
  // Once per page, also when StrictMode runs the effect twice. A full group joins
  // nobody and shows why, as it would to a tap.
  const arrived = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on arrival only, with what the page first showed
  useEffect(() => {
    if (!joinOnArrival || arrived.current) return;
    arrived.current = true;
    onArrivalHandled();
    if (signedIn && !invitation.isFull && joinIntent.take(inviteCode)) onJoin();
  }, []);

  return (
    <Card className="mx-auto max-w-lg text-center">
      <InvitationHeading invitation={invitation} />
      <h2 className="mt-8 text-sm font-semibold text-fg">Current Members</h2>
      <div className="mt-4">
        <MemberAvatars members={invitation.members} />
      </div>
      {full && (
        <Alert kind="danger" className="mt-8 text-left">
          {groupMessages.groupFull}
        </Alert>
      )}
      {joinError && !full && (
        <Alert kind="danger" className="mt-8 text-left">
          {joinError}
        </Alert>
      )}
      <JoinButton
        pending={join.isPending}
        disabled={full || join.isPending || join.isSuccess}
        onJoin={onJoin}
      />
      {!signedIn && !full && (
        <p className="mt-3 text-sm text-fg-subtle">
          You'll sign in with your email first, then come back here to join.
        </p>
      )}
    </Card>
  );
}

function JoinButton({
  pending,
  disabled,
  onJoin,
}: {
  pending: boolean;
  disabled: boolean;
  onJoin: () => void;
}) {
  return (
    <Button className="mt-8 w-full sm:w-auto sm:min-w-48" disabled={disabled} onClick={onJoin}>
      {pending ? (
        <Spinner className="size-4 text-on-brand" label="Joining" />
      ) : (
        <UserPlus aria-hidden className="size-4" />
      )}
      Join Group
    </Button>
  );
}

/** What a failed Join says: the product's words for a full group or a dead link, else the server's. */
function joinFailure(error: Error | null): string | undefined {
  if (error instanceof ApiError && error.code === "group_full") return groupMessages.groupFull;
  if (error instanceof ApiError && error.code === "removed_from_group") {
    return groupMessages.removedFromGroup;
  }
  if (error instanceof ApiError && error.code === "not_found") {
    return "This invitation link no longer works. Ask a member of the group for a new one.";
  }
  return error?.message;
}

/** The tab's title, the envelope, 'You are invited to join', the name (h1) and how full it is. */
function InvitationHeading({ invitation }: { invitation: InvitationData }) {
  return (
    <>
      <PageTitle screen={`Join ${invitation.name}`} />
      <IconBadge className="mx-auto">
        <Mail className="size-6" />
      </IconBadge>
      <p className="mt-5 text-sm font-semibold uppercase tracking-wider text-brand-fg">
        You are invited to join
      </p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        {invitation.name}
      </h1>
      <p className="mt-1 text-sm text-fg-muted">
        {invitation.memberCount}/{invitation.maxMembers} members
      </p>
    </>
  );
}

/** The admin removed the viewer and this link is still the group's: no Join, and what to do instead. */
function RemovedFromGroup({ invitation }: { invitation: InvitationData }) {
  return (
    <Card className="mx-auto max-w-md text-center">
      <PageTitle screen={`Join ${invitation.name}`} />
      <IconBadge className="mx-auto">
        <UserX className="size-6" />
      </IconBadge>
      <h1 className={cardTitleClass}>{invitation.name}</h1>
      <p className="mt-2 text-fg-muted">{groupMessages.removedFromGroup}</p>
      <Link to={paths.home} className={buttonClass("secondary", "mt-6")}>
        Back to Home
      </Link>
    </Card>
  );
}

function InvitationNotFound() {
  return (
    <Card className="mx-auto max-w-md text-center">
      <PageTitle screen="Invitation Not Found" />
      <IconBadge className="mx-auto">
        <LinkIcon className="size-6" />
      </IconBadge>
      <h1 className={cardTitleClass}>This invitation link does not work.</h1>
      <p className="mt-2 text-fg-muted">
        It may be mistyped, the group's admin may have replaced it with a new one, or the group was
        deleted. Ask a member of the group for a fresh link.
      </p>
      <Link to={paths.landing} className={buttonClass("secondary", "mt-6")}>
        Go to today's dilemma
      </Link>
    </Card>
  );
}

function InvitationSkeleton() {
  return (
    <Card className="mx-auto max-w-lg" aria-busy>
      <PageTitle screen="Group Invitation" />
      <span className="sr-only">Loading the invitation</span>
      <div className="flex animate-pulse flex-col items-center">
        <div className="size-12 rounded-2xl bg-surface-muted" />
        <div className="mt-5 h-4 w-40 rounded bg-surface-muted" />
        <div className="mt-2 h-8 w-56 rounded-lg bg-surface-muted" />
        <div className="mt-2 h-4 w-24 rounded bg-surface-muted" />
        <div className="mt-10 flex gap-3">
          {[0, 1, 2].map((key) => (
            <div key={key} className="size-[52px] rounded-full bg-surface-muted" />
          ))}
        </div>
        <div className="mt-10 h-11 w-48 rounded-xl bg-surface-muted" />
      </div>
    </Card>
  );
}
