import type { FastifyBaseLogger, FastifyServerOptions } from "fastify";

type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type LevelName = "fatal" | "error" | "warn" | "info" | "debug" | "trace";

const LEVEL_VALUES: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

/**
 * A request's logger, bound to its id, that becomes a real child of the server's
 * logger only when it writes a line. Fastify makes one per request; at warn or
 * above a request that goes well writes nothing, and a child made for it anyway
 * (its id written out as JSON) cost about 0.4 µs of the 24 µs a read of today's
 * dilemma takes (bench/history.md, run 12).
 */
class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
  ) {}

  private made(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings);
    return this.#child;
  }

  private write(level: LevelName, args: unknown[]) {
    const logger = this.#child ?? this.parent;
    if ((LEVEL_VALUES[level] ?? 0) < (LEVEL_VALUES[logger.level] ?? 0)) return;
    (this.made()[level] as (...line: unknown[]) => void)(...args);
  }

  get level() {
    return (this.#child ?? this.parent).level;
  }

  set level(level: string) {
    this.made().level = level;
  }

  fatal(...args: unknown[]) {
    this.write("fatal", args);
  }
  error(...args: unknown[]) {
    this.write("error", args);
  }
  warn(...args: unknown[]) {
    this.write("warn", args);
  }
  info(...args: unknown[]) {
    this.write("info", args);
  }
  debug(...args: unknown[]) {
    this.write("debug", args);
  }
  trace(...args: unknown[]) {
    this.write("trace", args);
  }
  silent() {}

  child(bindings: Bindings, options?: Parameters<FastifyBaseLogger["child"]>[1]) {
    return this.made().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: request loggers made on their first line. */
export const requestLoggers: NonNullable<FastifyServerOptions["childLoggerFactory"]> = (
  logger,
  bindings,
  options,
) =>
  // A route's own level or serializers: a real child at once.
  Object.keys(options).length > 0
    ? logger.child(bindings, options)
    : new RequestLogger(logger, bindings);
