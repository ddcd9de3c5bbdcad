import { groupsApi } from "@eitheror/shared/groups/contract";
import type { GroupData } from "@eitheror/shared/groups/schema";
import { groupMessages } from "@eitheror/shared/groups/schema";
import { groupHeaderClass as c, stackClass } from "@eitheror/shared/shell/member-classes";
import {
  type GroupTab,
  groupTabOf,
  groupTabs,
  memberPageTexts as t,
} from "@eitheror/shared/shell/member-pages";
import { useQueryClient } from "@tanstack/react-query";
import { Settings, UsersRound } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { LoadFailed } from "@/components/ui/load-failed";
import { PageTitle } from "@/components/ui/page-title";
import { Tabs } from "@/components/ui/tabs";
import { paths } from "@/config/paths";
import { ApiError, operationKey } from "@/lib/api-client";
import { useDeleteGroup } from "../api/delete-group";
import { useGroup } from "../api/get-group";
import { useLeaveGroup } from "../api/leave-group";
import { type StaleAfter, useGroupEvents } from "../hooks/use-group-events";
import { useRefusedCalls } from "../hooks/use-refused-calls";
import { GroupActionsMenu } from "./group-actions-menu";
import { GroupNotFound } from "./group-not-found";
import { GroupPageSkeleton } from "./group-page-skeleton";
import { RoundOverNotice } from "./round-over-notice";

/** After 'Group deleted', home follows this much later (docs/product.md#limits). */
export const HOME_AFTER_DELETE_MS = 2000;

/** What a tab's panel is given: the group and who the viewer is in it. */
export interface GroupContext {
  group: GroupData;
  viewerId: string;
  isAdmin: boolean;
}

/**
 * How the page closed: the viewer deleted or left it, the live stream said they
 * were removed, or a call was refused and the group no longer answers them.
 */
type Closed = { name: string; how: "deleted" | "left" | "removed" | "gone" };

/** What /home is told when a removed member is sent there (shown once, as an info alert). */
export type GroupClosedState = { groupNotice: string };
type Panels = Record<GroupTab, (context: GroupContext) => ReactNode>;

/**
 * /group/{groupId}: the name, the three-dots menu by role, and the tabs. The
 * panels come from the route (`panels`), so the rounds feature fills them
 * without touching this page. The tab is in the address (?tab=leaderboard).
 */
export function GroupPage({
  groupId,
  viewerId,
  panels,
  staleAfter,
}: {
  groupId: string;
  viewerId: string;
  panels: Panels;
  /** What the panels show, by the live event that makes it stale (the route's features say). */
  staleAfter?: StaleAfter;
}) {
  const [closed, setClosed] = useState<Closed | null>(null);
  const group = useGroup(groupId, { enabled: closed === null });
  const remove = useDeleteGroup(groupId);
  const leave = useLeaveGroup(groupId);
  // A group has one open round at a time, so the one that closed is the one the page showed.
  const [roundOver, setRoundOver] = useState<string | null>(null);
  const name = group.data?.name ?? "";
  useGroupEvents(groupId, {
    enabled: closed === null && group.isSuccess,
    staleAfter,
    onRoundClosed: setRoundOver,
    onDeleted: () => setClosed({ name, how: "deleted" }),
    // The viewer's own Leave ends their stream too, and says so itself.
    onMembershipEnded: () => {
      if (leave.isIdle || leave.isError) setClosed({ name, how: "removed" });
    },
  });
  useRefusedCalls(groupId, {
    enabled: closed === null && group.data !== undefined,
    onRefused: () => void group.refetch(),
  });

  if (closed) return <ClosedGroup groupId={groupId} {...closed} />;
  // It answered before, and now it does not: the viewer is out of it.
  if (group.data && group.error instanceof ApiError && group.error.code === "not_found") {
    return <ClosedGroup groupId={groupId} name={name} how="gone" />;
  }
  if (group.isPending) return <GroupPageSkeleton />;
  if (group.isError) return <GroupLoadFailed error={group.error} onRetry={() => group.refetch()} />;
  return (
    <OpenGroup
      group={group.data}
      viewerId={viewerId}
      panels={panels}
      actions={{
        busy: remove.isPending || leave.isPending,
        delete: () => remove.mutateAsync(),
        leave: () => leave.mutateAsync(),
      }}
      onClosed={setClosed}
      onReload={() => void group.refetch()}
      notice={
        roundOver && (
          <RoundOverNotice
            groupId={groupId}
            roundId={roundOver}
            onDismiss={() => setRoundOver(null)}
          />
        )
      }
    />
  );
}

/** A group the viewer cannot see says so (the same for every reason); other failures offer a retry. */
function GroupLoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (error instanceof ApiError && error.code === "not_found") return <GroupNotFound />;
  return <LoadFailed screen="Group" what="this group" error={error} onRetry={onRetry} />;
}

/** The tab in the address: Current Round (the default) has none, the others `?tab=`. */
function useGroupTab() {
  const [params, setParams] = useSearchParams();
  const tab = groupTabOf(params.get("tab"));
  const choose = (key: GroupTab) =>
    setParams(key === "current" ? {} : { tab: key }, { replace: true });
  return [tab, choose] as const;
}

/** Delete and Leave from the menu: once done the page closes; a failure is said above the tabs. */
function useClosingActions(name: string, onClosed: (closed: Closed) => void) {
  const [failure, setFailure] = useState<string | null>(null);
  const act = (mutation: () => Promise<unknown>, how: Closed["how"]) => async () => {
    setFailure(null);
    try {
      await mutation();
      onClosed({ name, how });
    } catch (error) {
      setFailure(
        error instanceof ApiError ? error.message : "Something went wrong. Please try again.",
      );
    }
  };
  return { failure, dismiss: () => setFailure(null), act };
}

/** The page of a group the viewer is in: header and menu, alerts, and the chosen tab's panel. */
function OpenGroup({
  group,
  viewerId,
  panels,
  actions,
  onClosed,
  onReload,
  notice,
}: {
  group: GroupData;
  viewerId: string;
  panels: Panels;
  actions: { busy: boolean; delete: () => Promise<unknown>; leave: () => Promise<unknown> };
  onClosed: (closed: Closed) => void;
  onReload: () => void;
  /** The round-over notice, when a round closed while the page was open. */
  notice: ReactNode;
}) {
  const [tab, chooseTab] = useGroupTab();
  const { failure, dismiss, act } = useClosingActions(group.name, onClosed);
  const isAdmin = group.admin === viewerId;
  return (
    <div className={stackClass.page}>
      <PageTitle screen={group.name} />
      <GroupHeader group={group}>
        <GroupActionsMenu
          groupId={group.id}
          groupName={group.name}
          isAdmin={isAdmin}
          busy={actions.busy}
          onDelete={act(actions.delete, "deleted")}
          onLeave={act(actions.leave, "left")}
        />
      </GroupHeader>
      {failure && (
        <Alert kind="danger" onDismiss={dismiss}>
          {failure}
        </Alert>
      )}
      {notice}
      <Tabs
        label={t.tabsLabel}
        items={groupTabs}
        value={tab}
        onChange={(key) => {
          // Choosing Current Round reloads the group too (its panel reloads the round).
          if (key === "current") onReload();
          chooseTab(key);
        }}
      >
        {panels[tab]({ group, viewerId, isAdmin })}
      </Tabs>
    </div>
  );
}

/**
 * The name as the page's header, its size and pace, the way to its profile, and
 * `children` (the menu). The server paints it the same way (shell/member-pages.ts).
 */
function GroupHeader({ group, children }: { group: GroupData; children: ReactNode }) {
  return (
    <header className={c.header}>
      <div className={c.titles}>
        <h1 className={c.name}>{group.name}</h1>
        <p className={c.facts}>
          <span className={c.fact}>
            <UsersRound aria-hidden className={c.icon} />
            {t.members(group.members.length, group.maxMembers)}
          </span>
          <span>{t.pace(group.daysBetweenRounds)}</span>
        </p>
      </div>
      <Link to={paths.groupProfile(group.id)} className={c.profile}>
        <Settings aria-hidden className={c.icon} />
        <span className={c.profileLabel}>{t.groupProfile}</span>
      </Link>
      {children}
    </header>
  );
}

const closedMessage = (name: string, how: Closed["how"]) =>
  ({
    deleted: groupMessages.deleted,
    left: groupMessages.left,
    removed: groupMessages.removedYou(name),
    gone: groupMessages.noLongerMember(name),
  })[how];

/**
 * After deleting, leaving or losing the group: the message; for a deleted group
 * the way home 2 s later, and the same for a removed member, whom home tells again.
 */
function ClosedGroup({ groupId, name, how }: { groupId: string } & Closed) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const message = closedMessage(name, how);
  useEffect(() => {
    const state: GroupClosedState | undefined =
      how === "removed" || how === "gone" ? { groupNotice: message } : undefined;
    const timer =
      how === "left"
        ? 0
        : window.setTimeout(() => navigate(paths.home, { state }), HOME_AFTER_DELETE_MS);
    return () => {
      window.clearTimeout(timer);
      // Gone for the viewer: a later visit asks again (and is told it does not exist).
      queryClient.removeQueries({ queryKey: operationKey(groupsApi.get, { id: groupId }) });
    };
  }, [how, message, navigate, queryClient, groupId]);
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageTitle screen={name} />
      <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{name}</h1>
      <Alert kind="info">
        {message}
        {how === "gone" && <span className="mt-1 block">{groupMessages.noLongerMemberWhy}</span>}
      </Alert>
      <Link to={paths.home} className={buttonClass("secondary")}>
        Back to Home
      </Link>
    </div>
  );
}
