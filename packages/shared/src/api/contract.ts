import type { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** Every operation's path is under this base. */
export const API_BASE = "/api";

/**
 * One API operation, written once and read by both sides: the server registers
 * its route from it (method, path, schemas, OpenAPI text) and the web client
 * builds the URL and parses the answer with it.
 */
export interface Operation {
  method: HttpMethod;
  /** Below API_BASE; `:name` segments are filled from `params`. */
  path: string;
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The 200 answer, envelope included. */
  response: z.ZodType;
  /** Answers besides 200 and the error envelope of every 4xx (a 503 of the readiness check). */
  otherResponses?: Readonly<Record<number, z.ZodType>>;
}

export function defineOperation<const O extends Operation>(operation: O): O {
  return operation;
}

/** What the part of a request a schema checks looks like before parsing (undefined: none). */
export type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
/** ...and after parsing, as a handler receives it. */
export type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The path of `operation` under API_BASE, its `:params` filled in and encoded. */
export function operationUrl(
  operation: Pick<Operation, "path">,
  params: Record<string, string | number> = {},
  query: Record<string, string | number | undefined> = {},
): string {
  const path = operation.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${operation.path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const queryString = search.toString();
  return `${API_BASE}${path}${queryString ? `?${queryString}` : ""}`;
}
