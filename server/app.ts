/**
 * Assembles the server: the protocol plugin with every domain's calls under /api, the plain site
 * info route, robots.txt and the sitemaps, the media under the CDN line paths (/cdn/:line/*, members' videos under
 * /cdn/:line/clips/*), the payment sandbox (/pay/*), members' uploaded images (/uploads/*), the
 * PWA build, the probes /healthz and /readyz and, when set up, the metrics (server/metrics/). The
 * caller owns the Db (opens and closes it).
 */
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { Code } from '../contract/protocol/codes.ts';
import { adminMessages } from './admin/admin-messages.ts';
import { adminPlugin } from './admin/admin-plugin.ts';
import { fail } from '../contract/protocol/envelope.ts';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import { VIEW_FLUSH_MS, ViewCounts } from './db/view-counts.ts';
import { mediaPlugin } from './media/media-plugin.ts';
import { keepConnectionsOnOversizedBodies } from './oversized-body.ts';
import { jobWorkers } from './jobs/job-workers.ts';
import { PushJobs } from './jobs/push-jobs.ts';
import { Outbound } from './net/outbound.ts';
import { paymentPlugin } from './payment/payment-plugin.ts';
import type { Call } from './protocol/define-call.ts';
import { createNodeCipher } from '../contract/protocol/node-cipher.ts';
import { protocolPlugin } from './protocol/protocol-plugin.ts';
import { ReadCache, writeWatch } from './protocol/read-cache.ts';
import { FirstScreens } from './first-paint/first-screen.ts';
import { sendEnvelope } from './protocol/envelope-reply.ts';
import { createRateLimiter, noRateLimits, rateRules } from './protocol/rate-limit.ts';
import { authCalls } from './routes/auth.ts';
import { categoryCalls } from './routes/categories.ts';
import { contentTypeCalls } from './routes/content-types.ts';
import { danmakuCalls } from './routes/danmaku.ts';
import { favouriteCalls } from './routes/favourites.ts';
import { featuredCalls } from './routes/featured.ts';
import { forumCalls } from './routes/forum.ts';
import { goodsCalls } from './routes/goods.ts';
import { homeCalls } from './routes/home.ts';
import { iconRoutes } from './routes/icons.ts';
import { moviePlayCalls } from './routes/movie-play.ts';
import { downloadCalls } from './routes/downloads.ts';
import { noticeCalls } from './routes/notices.ts';
import { movieCalls } from './routes/movies.ts';
import { personalCalls } from './routes/personal.ts';
import { pointCalls } from './routes/points.ts';
import { postCalls } from './routes/posts.ts';
import { publishCalls } from './routes/publish.ts';
import { purchaseCalls } from './routes/purchases.ts';
import { pushCalls } from './routes/push.ts';
import { replyCalls } from './routes/replies.ts';
import { reportCalls } from './routes/reports.ts';
import { searchCalls } from './routes/search.ts';
import { siteInfoRoutes } from './routes/site-info.ts';
import { siteManifestRoutes } from './routes/site-manifest.ts';
import { systemCalls } from './routes/system.ts';
import { tagCalls } from './routes/tags.ts';
import { uploadCalls } from './routes/upload.ts';
import { userCalls } from './routes/user.ts';
import { publicUserCalls } from './routes/users-public.ts';
import { vipCalls } from './routes/vip.ts';
import { walletCalls } from './routes/wallet.ts';
import { watchHistoryCalls } from './routes/watch-history.ts';
import { provideRoutes } from './supply/provide-routes.ts';
import { searchEngineRoutes } from './search-engines/search-engine-routes.ts';
import { securityHeaders } from './security-headers.ts';
import { createMemoryState, type SharedState } from './request-state/memory-state.ts';
import { createRedisState } from './request-state/redis-state.ts';
import { SiteDirectory } from './site-directory.ts';
import { registerStatic } from './static.ts';
import { clipsPlugin } from './uploads/chunks/clips-plugin.ts';
import { UploadService } from './uploads/chunks/upload-service.ts';
import { uploadsPlugin } from './uploads/images/uploads-plugin.ts';
import type { LogStream } from './logging/log-batch.ts';
import { AppMetrics, metricsWanted } from './metrics/app-metrics.ts';
import { healthRoutes } from './metrics/health-routes.ts';
import { exposeMetrics } from './metrics/metrics-http.ts';
import { Readiness } from './metrics/readiness.ts';
import { timedDb } from './db/timed-db.ts';
import { setSiteZone } from './db/site-day.ts';
import { lazyRequestLogger, loggerOptions, logRequests } from './logging/logging.ts';

/** Every product call, domain by domain. */
export const ALL_CALLS: readonly Call[] = [
  ...authCalls,
  ...userCalls,
  ...systemCalls,
  ...homeCalls,
  ...categoryCalls,
  ...tagCalls,
  ...movieCalls,
  ...moviePlayCalls,
  ...watchHistoryCalls,
  ...downloadCalls,
  ...postCalls,
  ...forumCalls,
  ...publicUserCalls,
  ...featuredCalls,
  ...searchCalls,
  ...contentTypeCalls,
  ...vipCalls,
  ...walletCalls,
  ...purchaseCalls,
  ...favouriteCalls,
  ...pointCalls,
  ...goodsCalls,
  ...personalCalls,
  ...uploadCalls,
  ...publishCalls,
  ...replyCalls,
  ...danmakuCalls,
  ...noticeCalls,
  ...pushCalls,
  ...reportCalls,
];

export interface AppDeps {
  config: Config;
  db: Db;
  /**
   * Replay ids and rate-limit counts. Default: Redis when REDIS_URL is set (several processes act as
   * one), else memory; the app closes the state it opened itself.
   */
  shared?: SharedState;
  now?: () => number;
  /** Where the log goes; default stdout. */
  logStream?: LogStream;
  /**
   * The guard of requests made on an operator's or a member's word (server/net/outbound.ts); tests
   * give one with a resolver of their own.
   */
  outbound?: Outbound;
}

/** How long start-up waits for Redis before it serves in degraded mode (memory) until Redis answers. */
const REDIS_START_WAIT_MS = 3_000;

export async function buildApp({
  config,
  db: store,
  shared,
  now = Date.now,
  logStream,
  outbound = new Outbound({ testHosts: config.OUTBOUND_TEST_HOSTS }),
}: AppDeps): Promise<FastifyInstance> {
  // The site's calendar days and the console's clock (server/db/site-day.ts).
  setSiteZone(config.SITE_TIME_ZONE);
  const cipher = createNodeCipher({ key: config.APP_AES_KEY, iv: config.APP_AES_IV });
  // Metrics only when they can be reached without being public (METRICS_PORT or METRICS_TOKEN).
  const metrics = metricsWanted(config) ? new AppMetrics() : null;
  const db = metrics ? timedDb(store, metrics) : store;
  const harden = securityHeaders(config.STATIC_DIR, config.OUTBOUND_TEST_HOSTS);
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    // One line per request, when it is answered (logRequests), instead of fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // req.log is made when a request first logs through it, which most never do.
    childLoggerFactory: lazyRequestLogger,
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    bodyLimit: config.BODY_LIMIT,
    // A URL the router cannot decode, or a path parameter past its length: an envelope for /api, the
    // console's error body for /admin-api, a plain 400 elsewhere; never the URL echoed back.
    frameworkErrors: (_error, req, reply) => {
      const plainReply = reply as FastifyReply;
      harden(req, plainReply);
      if (req.url.startsWith('/api/')) {
        return sendEnvelope(plainReply, cipher, fail(Code.InvalidParams, '参数错误：请求地址无效'));
      }
      if (req.url.startsWith('/admin-api/')) return plainReply.code(400).send({ message: adminMessages.badUrl });
      return plainReply.code(400).type('text/plain; charset=utf-8').send('Bad Request');
    },
  });
  // Reloaded as often as public reads are (a site edited in the console shows on every process within it).
  const sites = new SiteDirectory(db, config.READ_CACHE_MS, Math.min(config.READ_CACHE_MS, 2_000));
  const state = shared ?? (await openSharedState(app, config, now));
  // Callback style: an async hook costs a promise and a microtask per request for sync work.
  app.addHook('onRequest', (req, reply, done) => {
    harden(req, reply);
    done();
  });
  // A body over the limit is answered 413 on a connection kept for the next request.
  keepConnectionsOnOversizedBodies(app);
  logRequests(app);
  exposeMetrics(app, metrics, config);
  // The job queue (pg-boss on the store) and its workers, run here unless JOBS=off.
  const workers = await jobWorkers(db, config, app.log, outbound);
  app.decorate('jobWorkers', workers);
  app.addHook('onReady', async () => {
    if (config.JOBS === 'on') await workers.work();
  });
  app.addHook('onClose', () => workers.stop());
  // Chunked uploads and their video jobs: started when the app is ready, stopped on close.
  const uploads = new UploadService(db, config, now, app.log, workers.videos);
  app.decorate('uploads', uploads);
  app.addHook('onReady', () => uploads.start());
  app.addHook('onClose', () => uploads.close());
  // Web Push deliveries: sent by a job polling the store, started when the app is ready, stopped on close.
  const pushJobs = new PushJobs(db, config, app.log, outbound, metrics?.pushed);
  app.decorate('pushJobs', pushJobs);
  app.addHook('onReady', () => pushJobs.start());
  app.addHook('onClose', () => pushJobs.close());

  metrics?.watch({ db: store, jobs: workers.jobs, shared: state, config, log: app.log });
  await app.register(healthRoutes, { readiness: new Readiness(store, config.STATIC_DIR, app.log) });
  await app.register(siteInfoRoutes, { sites });
  await app.register(siteManifestRoutes, { sites, staticDir: config.STATIC_DIR });
  await app.register(searchEngineRoutes, { db, sites, config });
  const limits = config.RATE_LIMITS === 'on' ? createRateLimiter(state, rateRules(config)) : noRateLimits;
  await app.register(provideRoutes, { db, sites, config, limits });
  await app.register(iconRoutes);
  const readCache = new ReadCache(config.READ_CACHE_MS);
  const views = countViews(app, db);
  await app.register(protocolPlugin, {
    prefix: '/api',
    calls: ALL_CALLS,
    db: writeWatch(db, readCache),
    readCache,
    config,
    cipher,
    sites,
    shared: state,
    limits,
    now,
    views,
    answered: metrics?.answered,
  });
  await app.register(adminPlugin, {
    prefix: '/admin-api',
    db,
    config,
    shared: state,
    now,
    jobs: workers.jobs,
    outbound,
  });
  await app.register(mediaPlugin, { mediaDir: config.MEDIA_DIR, secret: config.MEDIA_SECRET, now });
  await app.register(paymentPlugin, { db, config, sites, now });
  await app.register(uploadsPlugin, { uploadDir: config.UPLOAD_DIR });
  await app.register(clipsPlugin, { uploadDir: config.UPLOAD_DIR });
  const firstScreens = await FirstScreens.load({
    staticDir: config.STATIC_DIR,
    calls: ALL_CALLS,
    db,
    config,
    cipher,
    sites,
    now,
    log: app.log,
  });
  await registerStatic(app, config.STATIC_DIR, firstScreens);
  return app;
}

/** The page views of this process, written every VIEW_FLUSH_MS and when the app closes (before the store does). */
function countViews(app: FastifyInstance, db: Db): ViewCounts {
  const views = new ViewCounts();
  const write = () =>
    views.flush(db).catch((error: unknown) => app.log.warn({ err: error }, 'page views not written yet'));
  const timer = setInterval(write, VIEW_FLUSH_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // The store closes after the app (server/main.ts); a store already gone loses this process's last views, said in the log.
    await views.flush(db).catch((error: unknown) => app.log.error({ err: error }, 'page views lost on stop'));
  });
  return views;
}

async function openSharedState(app: FastifyInstance, config: Config, now: () => number): Promise<SharedState> {
  if (!config.REDIS_URL) return createMemoryState({ now });
  const state = createRedisState({ url: config.REDIS_URL, keyPrefix: config.REDIS_PREFIX, log: app.log });
  app.addHook('onClose', () => state.close());
  await state.ready(REDIS_START_WAIT_MS);
  return state;
}

/** TRUST_PROXY as fastify's trustProxy: true or the proxies' addresses. */
const trustProxyOf = (setting: string | undefined): boolean | string =>
  setting === 'true' ? true : (setting ?? false);
