/**
 * Server configuration from the environment, validated once at start-up (docs/architecture.md).
 * Empty variables count as unset, so `DATABASE_URL=` falls back to the embedded PGlite.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { assertKeyMaterial, DEV_KEY_MATERIAL } from '../contract/protocol/cipher.ts';

const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfEmpty, schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess(unsetIfEmpty, schema.default(fallback as never));

const integer = (min: number, max: number) =>
  z.coerce.number({ message: 'must be a number' }).int('must be an integer').min(min).max(max);

/** Development default of MEDIA_SECRET: fine for the demo, not for a public server. */
export const DEV_MEDIA_SECRET = 'dev-media-secret-not-for-production';

/** Development default of PAY_KEY, the payment sandbox's epay merchant key. */
export const DEV_PAY_KEY = 'dev-pay-key-not-for-production';

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
  BODY_LIMIT: withDefault(integer(1024, 64 * 1024 * 1024), 1024 * 1024),
  LOG_LEVEL: withDefault(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** Generated demo media and what /cdn/:line/* serves; default <DATA_DIR>/media. */
  MEDIA_DIR: optional(z.string()),
  /** HMAC key of playback tickets (server/media/play-ticket.ts); set a long random one in production. */
  MEDIA_SECRET: withDefault(z.string().min(16, 'must be at least 16 characters'), DEV_MEDIA_SECRET),
  PLAY_TICKET_TTL_SECONDS: withDefault(integer(60, 7 * 86400), 6 * 3600),
  /** At start-up: seed the demo rows and media ('full'), the rows only ('data'), or nothing ('off'). */
  SEED_DEMO: withDefault(z.enum(['full', 'data', 'off']), 'full'),
  /** Members' uploaded images (avatars); default <DATA_DIR>/uploads. */
  UPLOAD_DIR: optional(z.string()),
  /** Payment sandbox (server/payment): the epay merchant key notifies are signed with, and its pid. */
  PAY_KEY: withDefault(z.string().min(16, 'must be at least 16 characters'), DEV_PAY_KEY),
  PAY_PID: withDefault(z.string().regex(/^[A-Za-z0-9]{1,32}$/, 'must be 1-32 letters or digits'), '1001'),
  /** Distinct members' reports that hide an item (reply, post, danmaku, user) pending review. */
  REPORT_HIDE_THRESHOLD: withDefault(integer(1, 1000), 3),
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
  /** 'loopback' (tests only, never in production) also lets plain-HTTP push endpoints on 127.0.0.1 through. */
  PUSH_TEST_ENDPOINTS: withDefault(z.enum(['off', 'loopback']), 'off'),
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
});

/** MEDIA_DIR and UPLOAD_DIR, once resolved, are always set. */
export type Config = Omit<z.output<typeof envSchema>, 'MEDIA_DIR' | 'UPLOAD_DIR'> & {
  MEDIA_DIR: string;
  UPLOAD_DIR: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '?');
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid server configuration:\n${lines.join('\n')}`);
  }
  assertKeyMaterial({ key: result.data.APP_AES_KEY, iv: result.data.APP_AES_IV });
  if ((result.data.VAPID_PUBLIC_KEY === undefined) !== (result.data.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError(
      'Invalid server configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither',
    );
  }
  const { DATA_DIR, MEDIA_DIR, UPLOAD_DIR } = result.data;
  return {
    ...result.data,
    MEDIA_DIR: MEDIA_DIR ?? join(DATA_DIR, 'media'),
    UPLOAD_DIR: UPLOAD_DIR ?? join(DATA_DIR, 'uploads'),
  };
}

/** A complete config for tests and tools: the defaults with some values replaced. */
export function configWith(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), ...overrides };
}
