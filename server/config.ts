/**
 * Server configuration from the environment, validated once at start-up (docs/architecture.md).
 * Empty variables count as unset, so `DATABASE_URL=` falls back to the embedded PGlite.
 */
import { randomBytes } from 'node:crypto';
import { isAbsolute, join } from 'node:path';
import { z } from 'zod';
import { assertKeyMaterial, DEV_KEY_MATERIAL } from '../contract/protocol/cipher.ts';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../contract/zone-time.ts';

const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfEmpty, schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess(unsetIfEmpty, schema.default(fallback as never));

const integer = (min: number, max: number) =>
  z.coerce.number({ message: 'must be a number' }).int('must be an integer').min(min).max(max);

/**
 * The server's own secrets: from the environment when it sets them, else generated at random on the
 * first start and kept in the store for every process (server/server-secrets.ts).
 */
export const SERVER_SECRETS = ['MEDIA_SECRET', 'PAY_KEY'] as const;
export type ServerSecretName = (typeof SERVER_SECRETS)[number];

/** Settings whose values are never shown: not in a ConfigError, not in the log (server/logging/logging.ts). */
export const SECRET_SETTINGS: readonly string[] = [...SERVER_SECRETS, 'VAPID_PRIVATE_KEY', 'METRICS_TOKEN'];
/** Settings whose URL may carry a password: a ConfigError shows them without it, the log not at all. */
export const URL_SETTINGS: readonly string[] = ['DATABASE_URL', 'REDIS_URL'];

/**
 * Values the server secrets had in this repository (the old development defaults, tests' keys):
 * public, so refused from the environment and from the store alike.
 */
export const PUBLIC_SECRET_VALUES: ReadonlySet<string> = new Set([
  'dev-media-secret-not-for-production',
  'dev-pay-key-not-for-production',
  'test-media-secret-0123456789',
  'unit-test-secret-0123456789',
]);

export const PUBLIC_SECRET_MESSAGE =
  '这个值已公开（曾提交在代码仓库中），不能使用 / this value is public (it was committed to the repository): ' +
  'unset it to have one generated and kept in the store, or set a long random one';

/** A new server secret: 32 random bytes in base64url. */
export const newServerSecret = (): string => randomBytes(32).toString('base64url');

const secretText = z
  .string()
  .min(16, 'must be at least 16 characters')
  .refine((text) => !PUBLIC_SECRET_VALUES.has(text), PUBLIC_SECRET_MESSAGE);

/** base64url (no padding) of exactly `bytes` bytes. */
const base64urlBytes = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url')
    .refine((text) => Buffer.from(text, 'base64url').length === bytes, `must be ${bytes} bytes in base64url`);

const aesText = z
  .string()
  .refine((text) => new TextEncoder().encode(text).length === 16, 'must be exactly 16 bytes of UTF-8');

const envSchema = z.object({
  PORT: withDefault(integer(0, 65535), 8080),
  HOST: withDefault(z.string(), '0.0.0.0'),
  DATA_DIR: withDefault(z.string(), './data'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')),
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')),
  /** Prefix of every Redis key: one per deployment sharing a Redis. */
  REDIS_PREFIX: withDefault(z.string().regex(/^[A-Za-z0-9:_-]{1,64}$/, 'must be 1-64 of [A-Za-z0-9:_-]'), 'station:'),
  /** The rate limits of server/protocol/rate-limit.ts; 'off' only for tests and benchmarks. */
  RATE_LIMITS: withDefault(z.enum(['on', 'off']), 'on'),
  /**
   * Behind a load balancer or reverse proxy: whose X-Forwarded-For / -Proto to believe for the
   * client's address and protocol (rate limits per IP, HSTS): 'true' for any, else a comma-separated
   * list of the proxies' addresses or CIDRs. Unset: the socket's peer is the client.
   */
  TRUST_PROXY: optional(
    z.string().regex(/^(true|[0-9A-Fa-f.:/]+( *, *[0-9A-Fa-f.:/]+)*)$/, "must be 'true' or proxy addresses"),
  ),
  APP_AES_KEY: withDefault(aesText, DEV_KEY_MATERIAL.key),
  APP_AES_IV: withDefault(aesText, DEV_KEY_MATERIAL.iv),
  STATIC_DIR: withDefault(z.string(), './dist'),
  SESSION_TTL_SECONDS: withDefault(integer(60, 365 * 86400), 86400),
  /** The operator console (server/admin/): a session ends after this many minutes unused (and after 12 h anyway). */
  ADMIN_IDLE_MINUTES: withDefault(integer(1, 720), 30),
  /** How long a public read's answer is reused (server/protocol/read-cache.ts); 0 turns it off. */
  READ_CACHE_MS: withDefault(integer(0, 60_000), 2_000),
  /**
   * Hot searches (server/search/hot-searches.ts): a keyword is shown as hot, or suggested, once this
   * many distinct devices (signed-in members) from this many distinct addresses (an IPv6 /64 is one)
   * searched it in 24 hours. One person has one or two addresses (home, mobile) at a time.
   */
  HOT_SEARCH_MIN_DEVICES: withDefault(integer(1, 1_000_000), 5),
  HOT_SEARCH_MIN_ADDRESSES: withDefault(integer(1, 1_000_000), 3),
  /** How long a process reuses a site's ranking of searched keywords before reading it again; 0: never. */
  HOT_SEARCH_REFRESH_SECONDS: withDefault(integer(0, 3600), 60),
  BODY_LIMIT: withDefault(integer(1024, 64 * 1024 * 1024), 1024 * 1024),
  LOG_LEVEL: withDefault(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** Generated demo media and what /cdn/:line/* serves; default <DATA_DIR>/media. */
  MEDIA_DIR: optional(z.string()),
  /** HMAC key of playback tickets (server/media/play-ticket.ts); unset: generated and kept in the store. */
  MEDIA_SECRET: optional(secretText),
  PLAY_TICKET_TTL_SECONDS: withDefault(integer(60, 7 * 86400), 6 * 3600),
  /** At start-up: seed the demo rows and media ('full'), the rows only ('data'), or nothing ('off'). */
  SEED_DEMO: withDefault(z.enum(['full', 'data', 'off']), 'full'),
  /** Members' uploaded images (avatars); default <DATA_DIR>/uploads. */
  UPLOAD_DIR: optional(z.string()),
  /**
   * Payment (server/payment): the epay merchant key notifies are signed with, and its pid. Unset: a
   * key generated and kept in the store, which only the sandbox's own cashier knows.
   */
  PAY_KEY: optional(secretText),
  /**
   * Pending orders (server/payment/order-sweep.ts): each is asked about at the gateway once it is
   * ORDER_CHECK_MINUTES old and again every ORDER_CHECK_MINUTES (a lost notify is credited, a failed
   * payment reads 支付失败), and closed unpaid ('expired', 已关闭) once ORDER_EXPIRE_MINUTES old.
   */
  ORDER_CHECK_MINUTES: withDefault(integer(1, 60), 2),
  ORDER_EXPIRE_MINUTES: withDefault(integer(5, 7 * 24 * 60), 30),
  PAY_PID: withDefault(z.string().regex(/^[A-Za-z0-9]{1,32}$/, 'must be 1-32 letters or digits'), '1001'),
  /** Distinct members' reports that hide an item (reply, post, danmaku, user) pending review. */
  REPORT_HIDE_THRESHOLD: withDefault(integer(1, 1000), 3),
  /**
   * Whose reports count toward REPORT_HIDE_THRESHOLD (server/moderation/report-trust.ts): a member
   * with an account name ('off': guests too), at least this many hours old, with at least this many
   * replies, comments or posts of their own still shown, and not muted. Others' reports are kept for
   * the moderators but hide nothing. 'off' and 0 drop a requirement.
   */
  REPORT_TRUST_ACCOUNT: withDefault(z.enum(['on', 'off']), 'on'),
  REPORT_TRUST_AGE_HOURS: withDefault(integer(0, 365 * 24), 24),
  REPORT_TRUST_WRITINGS: withDefault(integer(0, 1000), 3),
  /** New devices one client address (an IPv6 /64) may register in an hour (server/protocol/rate-limit.ts). */
  REGISTER_PER_ADDRESS_HOUR: withDefault(integer(1, 1_000_000), 10),
  /**
   * The server's public base URL (https://example.com), used for payUrl and the cashier's notify;
   * unset: derived from each request's protocol and Host, so any port works.
   */
  PUBLIC_URL: optional(z.string().regex(/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/, 'must be an http(s) URL without query')),
  /**
   * Web Push (server/jobs/push-jobs.ts): the VAPID key pair, base64url (web-push generate-vapid-keys);
   * both or neither. Unset: a pair generated on first start and kept in the store (server_keys).
   */
  VAPID_PUBLIC_KEY: optional(base64urlBytes(65)),
  VAPID_PRIVATE_KEY: optional(base64urlBytes(32)),
  /** Who push services may contact about this sender: a mailto: or https: URL. */
  VAPID_SUBJECT: withDefault(
    z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https: URL'),
    'mailto:ops@example.com',
  ),
  /** The push job in this process: 'off' for tests and processes that must not send. */
  PUSH_JOBS: withDefault(z.enum(['on', 'off']), 'on'),
  /** How often the push job looks for due deliveries. */
  PUSH_POLL_MS: withDefault(integer(10, 60_000), 1_000),
  /**
   * Requests made on an operator's or a member's word (push endpoints, CDN line health, server/net/
   * outbound.ts) go to public addresses only; 'loopback' (tests only: refused under
   * NODE_ENV=production) also lets http(s)://127.0.0.1 through.
   */
  OUTBOUND_TEST_HOSTS: withDefault(z.enum(['off', 'loopback']), 'off'),
  /**
   * The site's time zone (an IANA id): its calendar days (check-ins, daily tasks, publish limits,
   * the dashboard's counters, the console's day filters) and every time the console shows or reads
   * (server/db/site-day.ts, contract/zone-time.ts). Set it before the site opens: a change applies
   * from the next start, and days already counted stay on the days they were counted in.
   */
  SITE_TIME_ZONE: withDefault(
    z.string().refine(isTimeZone, 'must be an IANA time zone such as Asia/Shanghai'),
    DEFAULT_TIME_ZONE,
  ),
  /**
   * Background jobs (server/jobs/job-queue.ts, pg-boss): 'on' runs the job workers in this server
   * process; 'off' only queues jobs, for processes whose jobs run under `npm run worker` elsewhere.
   */
  JOBS: withDefault(z.enum(['on', 'off']), 'on'),
  /** The schema of pg-boss's tables; default pgboss (or the store's own schema when not public). */
  JOBS_SCHEMA: optional(z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lowercase SQL name')),
  /** How often pg-boss's maintenance runs (expiring jobs whose worker died, archiving finished ones). */
  JOBS_MAINTENANCE_SECONDS: withDefault(integer(1, 3600), 60),
  /** How often an idle worker looks for jobs. */
  JOBS_POLL_SECONDS: withDefault(z.coerce.number().min(0.5).max(60), 2),
  /**
   * A video job running longer than this (or whose worker died) is failed and retried: make it
   * longer than the longest transcoding (a 2 h film on the worker's cores).
   */
  VIDEO_JOB_EXPIRE_SECONDS: withDefault(integer(5, 23 * 3600), 4 * 3600),
  /** Wait before a failed video job's first retry (doubled after each further failure). */
  VIDEO_JOB_RETRY_SECONDS: withDefault(integer(1, 3600), 30),
  /**
   * Collection (server/supply/, docs/collection.md): how long one page of a source (or one picture)
   * may take, and the most of a page read.
   */
  SUPPLY_PAGE_TIMEOUT_MS: withDefault(integer(100, 120_000), 15_000),
  SUPPLY_PAGE_MAX_BYTES: withDefault(integer(1024, 64 * 1024 ** 2), 8 * 1024 ** 2),
  /**
   * A collection run's job: it hands over to a new job after half this long, so a worker that died
   * leaves its run to be taken up again within it (from the page after the last whole one).
   */
  SUPPLY_JOB_EXPIRE_SECONDS: withDefault(integer(10, 23 * 3600), 3600),
  /** Wait before a collection job is retried after its worker stopped or failed. */
  SUPPLY_JOB_RETRY_SECONDS: withDefault(integer(1, 3600), 30),
  /**
   * The ffmpeg that decodes members' and operators' uploaded videos (server/media/upload-ffmpeg.ts):
   * a maintained build kept patched, by default Debian's. Not usable (missing, or the 2018 build of
   * node_modules the demo draws with): video uploads are refused.
   */
  FFMPEG_PATH: withDefault(z.string().refine(isAbsolute, 'must be an absolute path'), '/usr/bin/ffmpeg'),
  /**
   * Backups (server/backup/, docs/operations.md "Backups"): where `npm run backup` and the schedule
   * write them; default <DATA_DIR>/backups. Keep it off the public web and as secret as the store.
   */
  BACKUP_DIR: optional(z.string()),
  /**
   * A backup every this many hours, made by the process running the job workers (JOBS=on, or
   * `npm run worker`); 0: no scheduled backups.
   */
  BACKUP_EVERY_HOURS: withDefault(
    z.coerce
      .number({ message: 'must be a number' })
      .min(0)
      .max(24 * 365),
    0,
  ),
  /** Scheduled backups kept in BACKUP_DIR: the oldest beyond this many are deleted after each new one. */
  BACKUP_KEEP: withDefault(integer(1, 10_000), 7),
  /**
   * MEDIA_DIR in a backup: its files ('files'), or only a list of them ('manifest': media kept on a
   * CDN origin or object storage backed up by its own means). UPLOAD_DIR is always copied.
   */
  BACKUP_MEDIA: withDefault(z.enum(['files', 'manifest']), 'files'),
  /**
   * Prometheus metrics (server/metrics/, docs/operations.md "Metrics and health"), never public on
   * the app's port. METRICS_PORT set: GET /metrics on a listener of its own on that port (at
   * METRICS_HOST, default HOST; 0: any free port). Else METRICS_TOKEN set: GET /metrics on the app's
   * port, answered only with `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). Neither: no
   * metrics at all (404). Both: the own listener, which then asks for the bearer too.
   */
  METRICS_PORT: optional(integer(0, 65535)),
  METRICS_HOST: optional(z.string()),
  /** The bearer token of /metrics: at least 16 characters, never a value committed to the repository. */
  METRICS_TOKEN: optional(secretText),
});

/** The environment's settings (loadConfig): MEDIA_DIR and UPLOAD_DIR resolved, the server secrets only when set there. */
export type EnvConfig = Omit<z.output<typeof envSchema>, 'MEDIA_DIR' | 'UPLOAD_DIR' | 'BACKUP_DIR'> & {
  MEDIA_DIR: string;
  UPLOAD_DIR: string;
  BACKUP_DIR: string;
};

/** The settings a server runs with: the environment's, every server secret resolved (server/server-secrets.ts). */
export type Config = EnvConfig & Record<ServerSecretName, string>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** `NAME="value"` of a bad variable as an error shows it: a secret without its value, a URL without its password. */
function shown(name: string, value: string | undefined): string {
  if (SECRET_SETTINGS.includes(name)) return name;
  const text = URL_SETTINGS.includes(name)
    ? (value ?? '').replace(/^([^:/?#\s]+:\/\/[^/?#@:]*):[^/?#]*@/, '$1:***@')
    : (value ?? '');
  return `${name}=${JSON.stringify(text)}`;
}

/** Reads and validates the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): EnvConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '?');
      return `  ${shown(name, env[name])}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid server configuration:\n${lines.join('\n')}`);
  }
  assertKeyMaterial({ key: result.data.APP_AES_KEY, iv: result.data.APP_AES_IV });
  if ((result.data.VAPID_PUBLIC_KEY === undefined) !== (result.data.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError(
      'Invalid server configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither',
    );
  }
  if (result.data.OUTBOUND_TEST_HOSTS === 'loopback' && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid server configuration:\n  OUTBOUND_TEST_HOSTS="loopback": for tests only, refused under NODE_ENV=production',
    );
  }
  const { PORT, METRICS_PORT } = result.data;
  if (METRICS_PORT !== undefined && METRICS_PORT !== 0 && METRICS_PORT === PORT) {
    throw new ConfigError(
      'Invalid server configuration:\n  METRICS_PORT: must differ from PORT (the metrics listener is not public)',
    );
  }
  const { DATA_DIR, MEDIA_DIR, UPLOAD_DIR, BACKUP_DIR } = result.data;
  return {
    ...result.data,
    MEDIA_DIR: MEDIA_DIR ?? join(DATA_DIR, 'media'),
    UPLOAD_DIR: UPLOAD_DIR ?? join(DATA_DIR, 'uploads'),
    BACKUP_DIR: BACKUP_DIR ?? join(DATA_DIR, 'backups'),
  };
}

/** The defaults with some values replaced, as loadConfig reads them (tests and tools). */
export function envConfigWith(overrides: Partial<Config> = {}): EnvConfig {
  return { ...loadConfig({}), ...overrides };
}

/**
 * A complete config for tests and tools that run no store: the defaults, secrets of its own
 * (random, fresh on every call), some values replaced.
 */
export function configWith(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), MEDIA_SECRET: newServerSecret(), PAY_KEY: newServerSecret(), ...overrides };
}
