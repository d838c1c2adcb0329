/**
 * The server's logger options (pino through fastify): nothing secret reaches the log. Request lines
 * carry the method, the path and the query with the values of secret-looking keys masked (a payment
 * notify sent as a GET has its sign in the query), never headers (token, cookie) nor bodies; any
 * logged object's token, password, sign, key, body or payload field is censored, and so are the
 * secret settings (MEDIA_SECRET, PAY_KEY, the VAPID private key, URLs that may carry a password).
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, LogFn } from 'pino';
import { SECRET_SETTINGS, URL_SETTINGS, type Config } from '../config.ts';
import { batchedStdout, type LogStream } from './log-batch.ts';

export const REDACTED = '[redacted]';

const SECRET_KEY = /sign|token|password|passwd|secret|key|auth/i;
const SECRET_FIELDS = [
  ...['token', 'password', 'sign', 'key', 'secret', 'body', 'payload', 'cookie', 'authorization', 'privateKey'],
  // the settings of config.ts that are secret or may carry a password, should a config be logged
  ...SECRET_SETTINGS,
  ...URL_SETTINGS,
];

/** The URL with the values of secret-looking query keys replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SECRET_KEY.test(decodeQueryName(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, at)}?${query.join('&')}`;
}

function decodeQueryName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * The request log: one line per request when it is answered ("request completed": the request as
 * the req serializer shows it, the status and the time taken), half the lines and the redaction
 * work of fastify's own "incoming request" + "request completed". Routes marked quietLog (the
 * probes and metrics scrapes of server/metrics/, polled all day) write theirs at debug.
 *
 * The line is written by a child logger without the redaction pass: every field of it is a
 * whitelist already (the req serializer below: method, the URL through redactUrl, host, address,
 * port; fastify's res serializer: the status code; a number), so no redact path can match in it,
 * and redaction's walk over every line was a tenth of a cached read's cost. Everything else logged
 * (objects, errors) still goes through the redacting logger.
 */
export function logRequests(app: FastifyInstance): void {
  const requestLine = app.log.child({}, { redact: { paths: [] } });
  app.addHook('onResponse', (req, reply, done) => {
    const line = { reqId: req.id, req, res: reply, responseTime: reply.elapsedTime };
    if (req.routeOptions.config.quietLog) requestLine.debug(line, 'request completed');
    else requestLine.info(line, 'request completed');
    done();
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes polled all day (health checks, metrics scrapes): their request lines at debug, not info. */
    quietLog?: boolean;
  }
}

/**
 * Each request's own logger (req.log, with its reqId), made on its first use: most requests log
 * nothing through it (their line comes from logRequests), and making a pino child for every one,
 * its bindings serialised and redacted, was a twentieth of a cached read's cost.
 */
type LogArgs = Parameters<LogFn>;

class LazyChildLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.logger.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  // Methods on the prototype: a request's logger is one small object until it is used.
  fatal(...args: LogArgs): void {
    this.logger.fatal(...args);
  }
  error(...args: LogArgs): void {
    this.logger.error(...args);
  }
  warn(...args: LogArgs): void {
    this.logger.warn(...args);
  }
  info(...args: LogArgs): void {
    this.logger.info(...args);
  }
  debug(...args: LogArgs): void {
    this.logger.debug(...args);
  }
  trace(...args: LogArgs): void {
    this.logger.trace(...args);
  }
  silent(...args: LogArgs): void {
    this.logger.silent(...args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** fastify's childLoggerFactory: req.log made when first used (LazyChildLogger). */
export const lazyRequestLogger = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger => new LazyChildLogger(logger, bindings, options);

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    stream: stream ?? batchedStdout(),
    redact: {
      paths: [...SECRET_FIELDS, ...SECRET_FIELDS.map((field) => `*.${field}`), 'req.headers', 'res.headers'],
      censor: REDACTED,
    },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
