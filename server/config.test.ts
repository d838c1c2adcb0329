import { describe, expect, it } from 'vitest';
import { DEV_KEY_MATERIAL } from '../contract/protocol/cipher.ts';
import { ConfigError, DEV_MEDIA_SECRET, DEV_PAY_KEY, loadConfig } from './config.ts';

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
      ADMIN_IDLE_MINUTES: 30,
      READ_CACHE_MS: 2000,
      BODY_LIMIT: 1048576,
      LOG_LEVEL: 'info',
      MEDIA_DIR: 'data/media',
      MEDIA_SECRET: DEV_MEDIA_SECRET,
      PLAY_TICKET_TTL_SECONDS: 21600,
      SEED_DEMO: 'full',
      UPLOAD_DIR: 'data/uploads',
      PAY_KEY: DEV_PAY_KEY,
      PAY_PID: '1001',
      PUBLIC_URL: undefined,
      REPORT_HIDE_THRESHOLD: 3,
      VAPID_PUBLIC_KEY: undefined,
      VAPID_PRIVATE_KEY: undefined,
      VAPID_SUBJECT: 'mailto:ops@example.com',
      PUSH_JOBS: 'on',
      PUSH_POLL_MS: 1000,
      PUSH_TEST_ENDPOINTS: 'off',
      JOBS: 'on',
      JOBS_SCHEMA: undefined,
      JOBS_MAINTENANCE_SECONDS: 60,
      JOBS_POLL_SECONDS: 2,
      VIDEO_JOB_EXPIRE_SECONDS: 14400,
      VIDEO_JOB_RETRY_SECONDS: 30,
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
      loadConfig({ PORT: 'eighty', APP_AES_KEY: 'short', DATABASE_URL: 'mysql://x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT="eighty": must be a number');
    expect(message).toContain('APP_AES_KEY="short": must be exactly 16 bytes of UTF-8');
    expect(message).toContain('DATABASE_URL="mysql://x": must start with postgres://');
  });
});
