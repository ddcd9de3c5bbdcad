import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { Link } from "@/components/ui/link";
import { LoadFailed } from "@/components/ui/load-failed";
import { PageTitle } from "@/components/ui/page-title";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { useGroup } from "../api/get-group";
import { GroupNotFound } from "./group-not-found";
import { GroupPageSkeleton } from "./group-page-skeleton";
import { GroupSettingsCard } from "./group-settings-card";
import { InviteLinkCard } from "./invite-link-card";
import { MembersCard } from "./members-card";
import { ProposalsCard } from "./proposals-card";

/**
 * /group-profile/{groupId}: the invitation link, the settings (editable by the
 * admin) and the members (removable by the admin). Every member may see and
 * share the link; only the admin resets it (docs/decisions/0014-group-screens.md).
 */
export function GroupProfile({ groupId, viewerId }: { groupId: string; viewerId: string }) {
  const group = useGroup(groupId);
  const { hash } = useLocation();
  const ready = group.isSuccess;
  // The menu's Invite Members and Edit Group land on their section.
  useEffect(() => {
    if (ready && hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [ready, hash]);

  if (group.isPending) return <GroupPageSkeleton screen="Group Profile" />;
  if (group.isError) {
    if (group.error instanceof ApiError && group.error.code === "not_found")
      return <GroupNotFound />;
    return (
      <LoadFailed
        screen="Group Profile"
        what="this group"
        error={group.error}
        onRetry={() => group.refetch()}
      />
    );
  }
  const data = group.data;
  const isAdmin = data.admin === viewerId;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageTitle screen={`${data.name} · Group Profile`} />
      <div>
        <Link
          to={paths.group(groupId)}
          className="inline-flex items-center gap-1.5 rounded text-sm font-semibold text-brand-fg underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-focus"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Back to the group
        </Link>
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-fg sm:text-3xl">{data.name}</h1>
        <p className="mt-1 text-sm text-fg-muted">Group profile</p>
      </div>
      <InviteLinkCard groupId={groupId} inviteCode={data.inviteCode} isAdmin={isAdmin} />
      <GroupSettingsCard key={data.id} group={data} isAdmin={isAdmin} />
      <MembersCard group={data} viewerId={viewerId} isAdmin={isAdmin} />
      <ProposalsCard group={data} isAdmin={isAdmin} />
    </div>
  );
}
