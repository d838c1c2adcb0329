import { describe, expect, it } from 'vitest';
import { DEV_KEY_MATERIAL } from '../contract/protocol/cipher.ts';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults, and treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toEqual({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      REDIS_PREFIX: 'station:',
      RATE_LIMITS: 'on',
      TRUST_PROXY: undefined,
      APP_AES_KEY: DEV_KEY_MATERIAL.key,
      APP_AES_IV: DEV_KEY_MATERIAL.iv,
      STATIC_DIR: './dist',
      SESSION_TTL_SECONDS: 86400,
      SITE_TIME_ZONE: 'Asia/Shanghai',
      ADMIN_IDLE_MINUTES: 30,
      READ_CACHE_MS: 2000,
      HOT_SEARCH_MIN_DEVICES: 5,
      HOT_SEARCH_MIN_ADDRESSES: 3,
      HOT_SEARCH_REFRESH_SECONDS: 60,
      BODY_LIMIT: 1048576,
      LOG_LEVEL: 'info',
      MEDIA_DIR: 'data/media',
      MEDIA_SECRET: undefined,
      PLAY_TICKET_TTL_SECONDS: 21600,
      SEED_DEMO: 'full',
      UPLOAD_DIR: 'data/uploads',
      PAY_KEY: undefined,
      PAY_PID: '1001',
      ORDER_CHECK_MINUTES: 2,
      ORDER_EXPIRE_MINUTES: 30,
      PUBLIC_URL: undefined,
      REPORT_HIDE_THRESHOLD: 3,
      REPORT_TRUST_ACCOUNT: 'on',
      REPORT_TRUST_AGE_HOURS: 24,
      REPORT_TRUST_WRITINGS: 3,
      REGISTER_PER_ADDRESS_HOUR: 10,
      VAPID_PUBLIC_KEY: undefined,
      VAPID_PRIVATE_KEY: undefined,
      VAPID_SUBJECT: 'mailto:ops@example.com',
      PUSH_JOBS: 'on',
      PUSH_POLL_MS: 1000,
      OUTBOUND_TEST_HOSTS: 'off',
      JOBS: 'on',
      JOBS_SCHEMA: undefined,
      JOBS_MAINTENANCE_SECONDS: 60,
      JOBS_POLL_SECONDS: 2,
      VIDEO_JOB_EXPIRE_SECONDS: 14400,
      VIDEO_JOB_RETRY_SECONDS: 30,
      SUPPLY_PAGE_TIMEOUT_MS: 15000,
      SUPPLY_PAGE_MAX_BYTES: 8388608,
      SUPPLY_JOB_EXPIRE_SECONDS: 3600,
      SUPPLY_JOB_RETRY_SECONDS: 30,
      FFMPEG_PATH: '/usr/bin/ffmpeg',
      BACKUP_DIR: 'data/backups',
      BACKUP_EVERY_HOURS: 0,
      BACKUP_KEEP: 7,
      BACKUP_MEDIA: 'files',
    });
  });

  it('reads and converts the variables it is given', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@db:5432/app',
      REDIS_URL: 'redis://cache:6379',
      SESSION_TTL_SECONDS: '3600',
    });
    expect(config).toMatchObject({
      PORT: 9000,
      DATABASE_URL: 'postgres://u@db:5432/app',
      REDIS_URL: 'redis://cache:6379',
      SESSION_TTL_SECONDS: 3600,
    });
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', APP_AES_KEY: 'short', DATABASE_URL: 'mysql://x', FFMPEG_PATH: 'ffmpeg' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT="eighty": must be a number');
    expect(message).toContain('APP_AES_KEY="short": must be exactly 16 bytes of UTF-8');
    expect(message).toContain('DATABASE_URL="mysql://x": must start with postgres://');
    expect(message).toContain('FFMPEG_PATH="ffmpeg": must be an absolute path');
  });

  it('refuses a server secret whose value is public (committed to the repository once), naming the variable', () => {
    const known = [
      ['MEDIA_SECRET', 'dev-media-secret-not-for-production'],
      ['PAY_KEY', 'dev-pay-key-not-for-production'],
      ['MEDIA_SECRET', 'test-media-secret-0123456789'],
      ['MEDIA_SECRET', 'unit-test-secret-0123456789'],
      ['PAY_KEY', 'dev-media-secret-not-for-production'],
      ['METRICS_TOKEN', 'dev-pay-key-not-for-production'],
    ];
    for (const [name, value] of known) {
      const load = () => loadConfig({ [name!]: value });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(new RegExp(`${name}: .*public`));
    }
  });

  it('never shows the value of a secret or a URL’s password in its error', () => {
    let error: unknown;
    try {
      loadConfig({
        MEDIA_SECRET: 'short-secret',
        PAY_KEY: 'tiny-key',
        VAPID_PRIVATE_KEY: 'not~base64url~private',
        DATABASE_URL: 'mysql://user:hunter2hunter2@db/app',
        REDIS_URL: 'http://:redispass99@cache:6379',
        METRICS_TOKEN: 'short-token',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['MEDIA_SECRET', 'PAY_KEY', 'VAPID_PRIVATE_KEY', 'DATABASE_URL', 'REDIS_URL', 'METRICS_TOKEN'])
      expect(message).toContain(name);
    expect(message).toContain('must be at least 16 characters');
    for (const secret of [
      'short-secret',
      'tiny-key',
      'not~base64url~private',
      'hunter2hunter2',
      'redispass99',
      'short-token',
    ])
      expect(message).not.toContain(secret);
  });

  it('keeps the metrics off the app port: METRICS_PORT must differ from PORT', () => {
    expect(() => loadConfig({ PORT: '9100', METRICS_PORT: '9100' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(loadConfig({ PORT: '8080', METRICS_PORT: '9100', METRICS_HOST: '127.0.0.1' })).toMatchObject({
      METRICS_PORT: 9100,
      METRICS_HOST: '127.0.0.1',
    });
    const unset = loadConfig({});
    expect([unset.METRICS_PORT, unset.METRICS_TOKEN]).toEqual([undefined, undefined]);
  });
});
