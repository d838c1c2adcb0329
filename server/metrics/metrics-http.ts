/**
 * Where the metrics are counted and served (docs/operations.md "Metrics and health"), never in
 * public on the app's port:
 * - METRICS_PORT set: GET /metrics on a listener of its own (MetricsListener, started by
 *   server/main.ts after the app's), at METRICS_HOST or HOST; with METRICS_TOKEN set too, it asks
 *   for the bearer as well. The app's port then has no /metrics (404).
 * - Else METRICS_TOKEN set: GET /metrics on the app's port with `Authorization: Bearer <token>`
 *   (compared in constant time); without it or with another, 401.
 * - Neither: no metrics at all; /metrics is a 404 like any path that is no file (server/static.ts).
 * Every HTTP request is counted by its route pattern (fastify's, e.g. /cdn/:line/*), never its
 * URL: a path matching no route is UNMATCHED and the build's files are STATIC_FILE.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sameSecret } from '../auth/same-secret.ts';
import type { Config } from '../config.ts';
import type { AppMetrics } from './app-metrics.ts';

export const METRICS_PATH = '/metrics';
export const UNMATCHED = '(unmatched)';
export const STATIC_FILE = '(static file)';

type MetricsConfig = Pick<Config, 'METRICS_PORT' | 'METRICS_HOST' | 'METRICS_TOKEN' | 'HOST'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics (null when off) and their own listener (server/metrics/metrics-http.ts). */
    metrics: AppMetrics | null;
    metricsListener: MetricsListener;
  }
}

/** Whether an Authorization header carries `Bearer <token>`; compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return match !== null && sameSecret(match[1]!, token);
}

/** The route pattern a request matched, for the labels. */
function routeOf(req: FastifyRequest): string {
  const { url, config } = req.routeOptions;
  if (url === undefined) return UNMATCHED;
  // @fastify/static registers a route per file of the build (wildcard: false), naming it in config.file.
  return typeof (config as { file?: unknown }).file === 'string' ? STATIC_FILE : url;
}

const UNAUTHORIZED = {
  status: 401,
  headers: { 'www-authenticate': 'Bearer realm="metrics"', 'content-type': 'text/plain; charset=utf-8' },
  body: 'Unauthorized',
};

/** Counts every request, and serves /metrics on the app's port when only METRICS_TOKEN is set. */
export function exposeMetrics(app: FastifyInstance, metrics: AppMetrics | null, config: MetricsConfig): void {
  const listener = new MetricsListener(metrics, config);
  app.decorate('metrics', metrics);
  app.decorate('metricsListener', listener);
  app.addHook('onClose', () => listener.close());
  if (!metrics) return;
  app.addHook('onResponse', (req, reply, done) => {
    metrics.request(req.method, routeOf(req), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  const token = config.METRICS_TOKEN;
  if (config.METRICS_PORT !== undefined || token === undefined) return;
  app.get(METRICS_PATH, { config: { quietLog: true } }, async (req, reply) => {
    if (!bearerMatches(req.headers.authorization, token)) {
      return reply.code(UNAUTHORIZED.status).headers(UNAUTHORIZED.headers).send(UNAUTHORIZED.body);
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.text());
  });
}

/** The metrics' own listener: GET /metrics, nothing else. */
export class MetricsListener {
  private server: Server | undefined;

  constructor(
    private readonly metrics: AppMetrics | null,
    private readonly config: MetricsConfig,
  ) {}

  /** Starts listening when METRICS_PORT is set; answers where (null: not set). */
  async listen(): Promise<{ host: string; port: number } | null> {
    const { metrics, config } = this;
    if (!metrics || config.METRICS_PORT === undefined || this.server) return null;
    const server = createServer((req, res) => void this.answer(metrics, req, res));
    const host = config.METRICS_HOST ?? config.HOST;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.METRICS_PORT, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    return { host, port: (server.address() as AddressInfo).port };
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async answer(metrics: AppMetrics, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const send = (status: number, headers: Record<string, string>, body: string) => {
      res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : body);
    };
    const path = (req.url ?? '').split('?')[0];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path !== METRICS_PATH) {
      return send(404, { 'content-type': 'text/plain; charset=utf-8' }, 'Not Found');
    }
    const token = this.config.METRICS_TOKEN;
    if (token !== undefined && !bearerMatches(req.headers.authorization, token)) {
      return send(UNAUTHORIZED.status, UNAUTHORIZED.headers, UNAUTHORIZED.body);
    }
    try {
      send(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }, await metrics.text());
    } catch {
      send(500, { 'content-type': 'text/plain; charset=utf-8' }, 'metrics not available');
    }
  }
}
