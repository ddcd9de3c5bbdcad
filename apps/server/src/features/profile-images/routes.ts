import { authApi } from "@eitheror/shared/auth/contract";
import {
  authMessages,
  MAX_IMAGE_BYTES,
  profileImageParamsSchema,
} from "@eitheror/shared/auth/schema";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/http/errors";
import { addOperation } from "../../lib/http/operation";
import type { ProfileImagesService } from "./service";

const tags = [...authApi.uploadProfileImage.tags];

/**
 * The one file of a multipart upload. A body that does not parse as a form (no
 * boundary, no closing boundary, no file) is the client's mistake: a 400 that
 * says so, never a 500.
 */
async function readOneFile(
  request: FastifyRequest,
  TooLarge: new (...args: never[]) => Error,
): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file) throw new AppError(400, "Choose an image file to upload.");
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof TooLarge) {
      throw new AppError(
        413,
        `This image is too large: at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB, please.`,
      );
    }
    throw new AppError(
      400,
      "The upload is not a well-formed form: send one image file as multipart/form-data.",
      { cause: error },
    );
  }
}

const IMMUTABLE = "public, max-age=31536000, immutable";

export const profileImagesRoutes: FastifyPluginAsyncZod<{ service: ProfileImagesService }> = async (
  app,
  { service },
) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 },
  });

  addOperation(
    app,
    authApi.uploadProfileImage,
    async (request) => {
      const viewer = await request.signedIn();
      if (!request.isMultipart()) {
        throw new AppError(415, authMessages.onlyImages, { code: "not_an_image" });
      }
      const upload = await readOneFile(request, app.multipartErrors.RequestFileTooLargeError);
      return { data: await service.upload(viewer, request.params.uid, upload) };
    },
    { consumes: ["multipart/form-data"] },
  );

  // The photo itself is bytes, not a JSON operation of the contract.
  app.get(
    "/storage/profile-images/:uid",
    {
      schema: {
        tags,
        summary: "A profile photo (WebP); cached for good when `v` names the current version",
        params: profileImageParamsSchema,
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const file = await service.read(request.params.uid);
      const current = request.query.v === file.version;
      reply
        .header("content-type", file.contentType)
        .header("cache-control", current ? IMMUTABLE : "no-cache")
        .header("etag", `"${file.version}"`);
      if (!current && request.headers["if-none-match"] === `"${file.version}"`) {
        return reply.status(304).send();
      }
      return reply.send(file.content);
    },
  );
};
