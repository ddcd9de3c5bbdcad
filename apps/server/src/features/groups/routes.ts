import { groupsApi } from "@eitheror/shared/groups/contract";
import type { FastifyPluginAsync } from "fastify";
import { addOperation, sharedAnswer } from "../../lib/http/operation";
import { addEventStream, type LiveStreams } from "../../lib/live/event-stream";
import type { GroupsService } from "./service";

export const groupsRoutes: FastifyPluginAsync<{
  service: GroupsService;
  /** How often a quiet event stream gets a heartbeat. */
  eventsHeartbeatMs: number;
  /** Counts the streams open on this instance. */
  liveStreams?: LiveStreams;
}> = async (app, { service, eventsHeartbeatMs, liveStreams }) => {
  addOperation(app, groupsApi.create, async (request) => ({
    data: await service.management.create(await request.signedIn(), request.body, request.ip),
  }));

  addOperation(app, groupsApi.list, async (request) => ({
    data: { groupsData: await service.management.list(await request.signedIn()) },
  }));

  const groupAnswer = sharedAnswer(groupsApi.get);
  addOperation(app, groupsApi.get, async (request, reply) => {
    const groupData = await service.management.get(request.caller, request.params.id);
    return groupAnswer(reply, groupData, () => ({ data: { groupData } }));
  });

  addOperation(app, groupsApi.update, async (request) => {
    const viewer = await request.signedIn();
    return {
      data: { groupData: await service.management.update(viewer, request.params.id, request.body) },
    };
  });

  addOperation(app, groupsApi.remove, async (request) => {
    await service.management.remove(await request.signedIn(), request.params.id);
    return { data: {} };
  });

  addOperation(app, groupsApi.invitation, async (request) => {
    const viewer = await request.signedIn();
    const invitation = await service.membership.invitation(viewer, request.params.code, request.ip);
    return { data: { groupData: invitation } };
  });

  addOperation(app, groupsApi.join, async (request) => {
    const viewer = await request.signedIn();
    await service.membership.join(viewer, request.params.id, request.body.inviteCode, request.ip);
    return { data: {} };
  });

  addOperation(app, groupsApi.leave, async (request) => {
    await service.membership.leave(await request.signedIn(), request.params.id);
    return { data: {} };
  });

  addOperation(app, groupsApi.removeMember, async (request) => {
    const { id, memberId } = request.params;
    await service.membership.removeMember(await request.signedIn(), id, memberId);
    return { data: {} };
  });

  addOperation(app, groupsApi.resetInviteCode, async (request) => ({
    data: await service.management.resetInviteCode(await request.signedIn(), request.params.id),
  }));

  addEventStream(
    app,
    groupsApi.events,
    async (request, sink) =>
      service.events.follow(await request.signedIn(), request.params.id, sink),
    { heartbeatMs: eventsHeartbeatMs, live: liveStreams },
  );
};
