/**
 * Helpers of the ingest and job tests: a source video made by the packaged ffmpeg (lavfi testsrc +
 * sine, H.264 + AAC) of a given size and length, and an operator's uploads through the console's
 * chunk calls (/admin-api/uploads/check, /chunk as raw bytes, /merge) with its cookie and CSRF header.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { LightMyRequestResponse } from 'fastify';
import type { IngestCheckResult, IngestJob } from '../../contract/admin/ingest.ts';
import { ADMIN_COOKIE, CSRF_HEADER, type AdminSession, type OperatorRole } from '../../contract/admin/session.ts';
import { createOperator } from '../admin/operators.ts';
import { totpCode } from '../admin/totp.ts';
import { ffmpeg } from '../seed/video-render.ts';
import type { Harness } from './harness.ts';
import { md5 } from './upload-fixture.ts';

/** An MP4 of `seconds` at width x height with a tone, made by the packaged ffmpeg. */
export async function makeSource(width: number, height: number, seconds: number): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'ingest-source-'));
  try {
    const out = join(dir, 'source.mp4');
    // prettier-ignore
    await promisify(execFile)(await ffmpeg(), [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc=s=${width}x${height}:r=25`, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100',
      '-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out,
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

let serial = 0;

export interface Operator {
  call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<LightMyRequestResponse>;
  chunk(fileId: string, index: number | string, bytes: Buffer, contentType?: string): Promise<LightMyRequestResponse>;
  /** check, every chunk not held (all but `skip`), no merge; answers the check. */
  send(data: Buffer, chunkSize: number, skip?: number[]): Promise<IngestCheckResult>;
  /** A whole upload; answers the fileId. */
  upload(data: Buffer, chunkSize?: number): Promise<string>;
  waitJob(id: string, until?: (job: IngestJob) => boolean, timeoutMs?: number): Promise<IngestJob>;
}

export async function operator(h: Harness, role: OperatorRole = 'ops'): Promise<Operator> {
  const created = await createOperator(h.db, { username: `ingest_${process.pid}_${++serial}`, role, siteIds: null });
  const res = await h.app.inject({
    method: 'POST',
    url: '/admin-api/session',
    payload: {
      username: created.operator.username,
      password: created.password,
      totp: await totpCode(created.totpSecret, Date.now()),
    },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const session = res.json<AdminSession>();
  const token = /admin_session=([^;]+)/.exec(String(res.headers['set-cookie']))![1]!;
  const headers = { cookie: `${ADMIN_COOKIE}=${token}`, [CSRF_HEADER]: session.csrfToken };

  const call: Operator['call'] = (method, url, body) =>
    h.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
  const chunk: Operator['chunk'] = (fileId, index, bytes, contentType = 'application/octet-stream') =>
    h.app.inject({
      method: 'POST',
      url: `/admin-api/uploads/chunk?fileId=${fileId}&index=${index}`,
      headers: { ...headers, 'content-type': contentType },
      payload: bytes,
    });
  const checkBody = (data: Buffer, chunkSize: number) => ({
    fileId: md5(data),
    fileName: 'source.mp4',
    fileSize: data.length,
    chunkSize,
    chunkCount: Math.ceil(data.length / chunkSize),
    mime: 'video/mp4',
  });
  async function send(data: Buffer, chunkSize: number, skip: number[] = []): Promise<IngestCheckResult> {
    const body = checkBody(data, chunkSize);
    const checked = await call('POST', '/admin-api/uploads/check', body);
    if (checked.statusCode !== 200) throw new Error(`check: ${checked.statusCode} ${checked.body}`);
    const result = checked.json<IngestCheckResult>();
    for (let index = 0; index < body.chunkCount; index++) {
      if (result.uploaded.includes(index) || skip.includes(index)) continue;
      const sent = await chunk(body.fileId, index, data.subarray(index * chunkSize, (index + 1) * chunkSize));
      if (sent.statusCode !== 200) throw new Error(`chunk ${index}: ${sent.statusCode} ${sent.body}`);
    }
    return result;
  }
  return {
    call,
    chunk,
    send,
    async upload(data, chunkSize = 256 * 1024) {
      await send(data, chunkSize);
      const merged = await call('POST', '/admin-api/uploads/merge', { fileId: md5(data) });
      if (merged.statusCode !== 200) throw new Error(`merge: ${merged.statusCode} ${merged.body}`);
      return md5(data);
    },
    async waitJob(id, until = (job) => job.state === 'done' || job.state === 'failed', timeoutMs = 180_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const res = await call('GET', `/admin-api/jobs/${id}`);
        if (res.statusCode !== 200) throw new Error(`job: ${res.statusCode} ${res.body}`);
        const job = res.json<IngestJob>();
        if (until(job)) return job;
        if (Date.now() > end) throw new Error(`job ${id} still ${job.state} ${job.progress}%`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
  };
}
