import fastifySwagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** OpenAPI built from the routes' zod schemas, served at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance, { title }: { title: string }) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${title} API`,
        description:
          "Every answer is `{data: …}` or `{error: {code, message, messages?}}`. Non-GET calls from a browser carry the `XSRF-TOKEN` cookie in `X-XSRF-TOKEN`; API clients may use `Authorization: Bearer`.",
        version: "1.0.0",
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get("/api/docs", { schema: { hide: true } }, async () => app.swagger());
});
