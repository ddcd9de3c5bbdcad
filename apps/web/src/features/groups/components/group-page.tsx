import { groupsApi } from "@eitheror/shared/groups/contract";
import type { GroupData } from "@eitheror/shared/groups/schema";
import { groupMessages } from "@eitheror/shared/groups/schema";
import { useQueryClient } from "@tanstack/react-query";
import { Settings, UsersRound } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { LoadFailed } from "@/components/ui/load-failed";
import { PageTitle } from "@/components/ui/page-title";
import { Tabs } from "@/components/ui/tabs";
import { paths } from "@/config/paths";
import { ApiError, operationKey } from "@/lib/api-client";
import { useDeleteGroup } from "../api/delete-group";
import { useGroup } from "../api/get-group";
import { useLeaveGroup } from "../api/leave-group";
import { useGroupEvents } from "../hooks/use-group-events";
import { GroupActionsMenu } from "./group-actions-menu";
import { GroupNotFound } from "./group-not-found";
import { GroupPageSkeleton } from "./group-page-skeleton";
import { RoundOverNotice } from "./round-over-notice";

/** After 'Group deleted', home follows this much later (docs/product.md#limits). */
export const HOME_AFTER_DELETE_MS = 2000;

export const groupTabs = [
  { key: "current", label: "Current Round" },
  { key: "leaderboard", label: "Leaderboard" },
  { key: "past-rounds", label: "Past Rounds" },
] as const;
export type GroupTab = (typeof groupTabs)[number]["key"];

/** What a tab's panel is given: the group and who the viewer is in it. */
export interface GroupContext {
  group: GroupData;
  viewerId: string;
  isAdmin: boolean;
}

/**
 * /group/{groupId}: the name, the three-dots menu by role, and the tabs. The
 * panels come from the route (`panels`), so the rounds feature fills them
 * without touching this page. The tab is in the address (?tab=leaderboard).
 */
export function GroupPage({
  groupId,
  viewerId,
  panels,
}: {
  groupId: string;
  viewerId: string;
  panels: Record<GroupTab, (context: GroupContext) => ReactNode>;
}) {
  const [closed, setClosed] = useState<{ name: string; how: "deleted" | "left" } | null>(null);
  const group = useGroup(groupId, { enabled: closed === null });
  const remove = useDeleteGroup(groupId);
  const leave = useLeaveGroup(groupId);
  const [params, setParams] = useSearchParams();
  const tab = groupTabs.find(({ key }) => key === params.get("tab"))?.key ?? "current";
  const [failure, setFailure] = useState<string | null>(null);
  // A group has one open round at a time, so the one that closed is the one the page showed.
  const [roundOver, setRoundOver] = useState<string | null>(null);
  useGroupEvents(groupId, {
    enabled: closed === null && group.isSuccess,
    onRoundClosed: setRoundOver,
    onDeleted: () => setClosed({ name: group.data?.name ?? "", how: "deleted" }),
  });

  if (closed) return <ClosedGroup groupId={groupId} {...closed} />;
  if (group.isPending) return <GroupPageSkeleton />;
  if (group.isError) {
    if (group.error instanceof ApiError && group.error.code === "not_found")
      return <GroupNotFound />;
    return (
      <LoadFailed
        screen="Group"
        what="this group"
        error={group.error}
        onRetry={() => group.refetch()}
      />
    );
  }
  const data = group.data;
  const isAdmin = data.admin === viewerId;
  const act = (mutation: () => Promise<unknown>, how: "deleted" | "left") => async () => {
    setFailure(null);
    try {
      await mutation();
      setClosed({ name: data.name, how });
    } catch (error) {
      setFailure(
        error instanceof ApiError ? error.message : "Something went wrong. Please try again.",
      );
    }
  };

  return (
    <div className="space-y-6">
      <PageTitle screen={data.name} />
      <GroupHeader group={data}>
        <GroupActionsMenu
          groupId={groupId}
          isAdmin={isAdmin}
          busy={remove.isPending || leave.isPending}
          onDelete={act(() => remove.mutateAsync(), "deleted")}
          onLeave={act(() => leave.mutateAsync(), "left")}
        />
      </GroupHeader>
      {failure && (
        <Alert kind="danger" onDismiss={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {roundOver && (
        <RoundOverNotice
          groupId={groupId}
          roundId={roundOver}
          onDismiss={() => setRoundOver(null)}
        />
      )}
      <Tabs
        label="Rounds"
        items={groupTabs}
        value={tab}
        onChange={(key) => {
          // Choosing Current Round reloads the group too (its panel reloads the round).
          if (key === "current") void group.refetch();
          setParams(key === "current" ? {} : { tab: key }, { replace: true });
        }}
      >
        {panels[tab]({ group: data, viewerId, isAdmin })}
      </Tabs>
    </div>
  );
}

/** The name as the page's header, its size and pace, the way to its profile, and `children` (the menu). */
function GroupHeader({ group, children }: { group: GroupData; children: ReactNode }) {
  return (
    <header className="flex items-start gap-3">
      <div className="min-w-0 flex-1">
        <h1 className="break-words text-2xl font-bold tracking-tight text-fg sm:text-3xl">
          {group.name}
        </h1>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm text-fg-muted">
          <span className="inline-flex items-center gap-1.5">
            <UsersRound aria-hidden className="size-4" />
            {group.members.length}/{group.maxMembers} members
          </span>
          <span>
            A round every{" "}
            {group.daysBetweenRounds === 1 ? "day" : `${group.daysBetweenRounds} days`}
          </span>
        </p>
      </div>
      <Link
        to={paths.groupProfile(group.id)}
        className={buttonClass("ghost", "shrink-0 px-3 sm:px-4", "sm")}
      >
        <Settings aria-hidden className="size-4" />
        <span className="sr-only sm:not-sr-only">Group profile</span>
      </Link>
      {children}
    </header>
  );
}

/** After deleting or leaving: the message, and for a deleted group the way home 2 s later. */
function ClosedGroup({
  groupId,
  name,
  how,
}: {
  groupId: string;
  name: string;
  how: "deleted" | "left";
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const timer =
      how === "deleted" ? window.setTimeout(() => navigate(paths.home), HOME_AFTER_DELETE_MS) : 0;
    return () => {
      window.clearTimeout(timer);
      // Gone for the viewer: a later visit asks again (and is told it does not exist).
      queryClient.removeQueries({ queryKey: operationKey(groupsApi.get, { id: groupId }) });
    };
  }, [how, navigate, queryClient, groupId]);
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageTitle screen={name} />
      <h1 className="break-words text-2xl font-bold tracking-tight text-fg sm:text-3xl">{name}</h1>
      <Alert kind="info">{how === "deleted" ? groupMessages.deleted : groupMessages.left}</Alert>
      <Link to={paths.home} className={buttonClass("secondary")}>
        Back to Home
      </Link>
    </div>
  );
}
