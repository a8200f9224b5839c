import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Record<string, unknown>;
type ChildOptions = { level?: string } & Record<string, unknown>;
type LogFn = (...args: unknown[]) => void;

/**
 * A request's logger that becomes pino's child (with the request id bound) only when the request
 * logs something. Fastify makes a child logger for every request, which serializes its bindings —
 * 1-2 % of a cached read's CPU (issue 8) — though at LOG_LEVEL warn a successful request logs
 * nothing (app.ts AccessLog). Every method and the level act on the real child, made on first use.
 */
class LazyChildLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #real(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings, this.#options as never));
  }

  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (this.#real() as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled(level);
  }

  bindings(): Bindings {
    return (this.#real() as unknown as { bindings(): Bindings }).bindings();
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options as never);
  }

  get silent(): LogFn {
    return this.#real().silent as LogFn;
  }

  trace(...args: unknown[]) {
    (this.#real().trace as LogFn)(...args);
  }

  debug(...args: unknown[]) {
    (this.#real().debug as LogFn)(...args);
  }

  info(...args: unknown[]) {
    (this.#real().info as LogFn)(...args);
  }

  warn(...args: unknown[]) {
    (this.#real().warn as LogFn)(...args);
  }

  error(...args: unknown[]) {
    (this.#real().error as LogFn)(...args);
  }

  fatal(...args: unknown[]) {
    (this.#real().fatal as LogFn)(...args);
  }
}

/** Fastify's `childLoggerFactory`: a request's logger, made when first used. */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new LazyChildLogger(logger, bindings, options as ChildOptions) as unknown as FastifyBaseLogger;
