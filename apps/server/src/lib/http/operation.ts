import type { Operation, OutputOf } from "@eitheror/shared/api/contract";
import { errorEnvelopeSchema } from "@eitheror/shared/api/envelope";
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
} from "fastify";
import { z } from "zod";
import { compressLargeJson } from "./compress";

export type OperationRequest<O extends Operation> = FastifyRequest<{
  Params: OutputOf<O["params"]>;
  Querystring: OutputOf<O["query"]>;
  Body: OutputOf<O["body"]>;
}>;

export type OperationHandler<O extends Operation> = (
  request: OperationRequest<O>,
  reply: FastifyReply,
) => Promise<z.input<O["response"]> | FastifyReply>;

/**
 * Registers the route of one operation of the shared contract: its method and
 * path, its schemas (checked at run time both ways, and the OpenAPI text), and
 * the error envelope for every 4xx. The handler only parses and delegates.
 */
export function addOperation<O extends Operation>(
  app: FastifyInstance,
  operation: O,
  handler: OperationHandler<O>,
  extra: {
    consumes?: string[];
    config?: FastifyContextConfig;
    /** A read whose answer is always small and very often asked for skips compression's hook. */
    small?: boolean;
  } = {},
) {
  const bodyMayBeLeftOut = operation.body?.safeParse(undefined).success === true;
  app.route({
    method: operation.method,
    url: operation.path,
    ...(extra.config && { config: extra.config }),
    ...(bodyMayBeLeftOut && { preValidation: noBodyAsEmpty }),
    // Reads can be large (a closed round's votes, the grid): those go compressed.
    ...(operation.method === "GET" && !extra.small && { onSend: compressLargeJson }),
    schema: {
      tags: [...operation.tags],
      summary: operation.summary,
      ...(extra.consumes && { consumes: extra.consumes }),
      ...(operation.params && { params: operation.params }),
      ...(operation.query && { querystring: operation.query }),
      ...(operation.body && { body: operation.body }),
      response: {
        200: operation.response,
        "4xx": errorEnvelopeSchema,
        ...operation.otherResponses,
      },
    },
    handler: handler as unknown as RouteHandlerMethod,
  });
}

/**
 * A request that carries no body at all (no content type, nothing sent) reaches
 * the validator as null, Fastify's stand-in for "no body", which an optional
 * object refuses ("expected object, received null"). An operation whose body
 * may be left out answers it as it answers `{}` (the product's own calls send
 * none). A JSON `null` that was sent is parsed, not missing, and still refused.
 */
function noBodyAsEmpty(request: FastifyRequest, _reply: FastifyReply, done: () => void) {
  if (request.body === undefined) request.body = {};
  done();
}

/**
 * For an answer many callers share: each payload is serialised once, checked
 * against the operation's response schema as every answer is, and those bytes go
 * to every caller that gets the same payload object (decision 0021). `key` is that
 * object: a new answer must come as a new object. Kept as UTF-8 bytes, not text,
 * so no request encodes it again (a buffer is sent as it is).
 *
 * `.fromJson` sends an answer written from parts (`jsonOnce`), each checked by its
 * own schema: for an answer of one caller whose parts many share (decision 0088).
 */
export function sharedAnswer<O extends Operation>(operation: O) {
  const bodies = new WeakMap<object, Buffer>();
  const send = (reply: FastifyReply, key: object, json: () => string) => {
    let body = bodies.get(key);
    if (body === undefined) {
      body = Buffer.from(json());
      bodies.set(key, body);
    }
    return reply.type("application/json; charset=utf-8").send(body);
  };
  return Object.assign(
    (reply: FastifyReply, key: object, payload: () => z.input<O["response"]>) =>
      send(reply, key, () => JSON.stringify(z.encode(operation.response, payload()))),
    { fromJson: send },
  );
}

/**
 * A value's JSON as `schema` encodes it (and checks it), made once per object:
 * for the parts that many answers hold alike (a closed round, each of its votes).
 * A part must never change once made, as every shared read (decision 0021).
 */
export function jsonOnce<S extends z.ZodType>(schema: S) {
  const texts = new WeakMap<object, string>();
  return (value: z.output<S> & object): string => {
    let text = texts.get(value);
    if (text === undefined) {
      text = JSON.stringify(z.encode(schema, value));
      texts.set(value, text);
    }
    return text;
  };
}
