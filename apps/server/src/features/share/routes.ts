import { dayParamsSchema } from "@eitheror/shared/global-dilemma/schema";
import { shareApi } from "@eitheror/shared/share/contract";
import { shareParamsSchema } from "@eitheror/shared/share/schema";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { addOperation } from "../../lib/http/operation";
import type { ShareImage, ShareService } from "./service";

const tags = [...shareApi.roundTeaser.tags];

const sendImage = (reply: FastifyReply, { png, maxAgeSeconds }: ShareImage) =>
  reply
    .header("content-type", "image/png")
    .header("cache-control", `public, max-age=${maxAgeSeconds}`)
    .send(png);

export const shareRoutes: FastifyPluginAsyncZod<{ service: ShareService }> = async (
  app,
  { service },
) => {
  addOperation(app, shareApi.roundTeaser, async (request) => {
    const teaser = await service.roundTeaser(request.params.shareId, await request.viewer());
    return { data: { teaser } };
  });

  // The pictures are bytes, not JSON operations of the contract.
  app.get(
    "/share/daily/:day/image.png",
    {
      schema: {
        tags,
        summary: "A day's share card (PNG, 1200×630): the question and its split, nothing personal",
        params: dayParamsSchema,
      },
    },
    async (request, reply) => sendImage(reply, await service.dailyImage(request.params.day)),
  );

  app.get(
    "/share/rounds/:shareId/image.png",
    {
      schema: {
        tags,
        summary: "A closed round's share card (PNG, 1200×630): the question and the podium",
        params: shareParamsSchema,
      },
    },
    async (request, reply) => sendImage(reply, await service.roundImage(request.params.shareId)),
  );
};
