/**
 * Server figures with autocannon: the most requests per second of a signed, encrypted movie-list
 * call and of a member call (/current with a token), beside a bare Fastify JSON route measured in
 * the same run (bench/bare-server.ts, a process of its own like the real server; bare and list runs
 * alternate, ROUNDS times each, so a change of the machine's load shows in both); then the p99
 * latency of the list call at a fixed 1,000 requests per second. Every signed request gets a new
 * wrapper (the server refuses a replayed requestId), signed before the run so that the load
 * generator, which shares the CPU with the server, does no more per request than for the bare
 * route; every 50th answer is opened and must be code 0.
 */
import { execFile, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { promisify } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { API } from '../src/api/paths.ts';
import { newDeviceId } from '../src/protocol/ids.ts';
import { freePort } from '../e2e/server-process.ts';
import { callApi, callHeaders, openAnswer, signedBody } from './bench-api.ts';
import type { Figure } from './figures.ts';

export interface LoadOptions {
  /** Seconds per run. */
  duration: number;
  connections: number;
}

const FIXED_RATE = 1000;
const ROUNDS = 2;
/** Bodies signed ahead per second of an unbounded run (more than this machine serves). */
const MAX_EXPECTED_RATE = 15_000;
const LIST_PAYLOAD = { page: 1, pageSize: 20, sort: 'new' as const };

/** Signed bodies for one run, made before it; signed on the fly should the run outlast them. */
function presigned(payload: unknown, count: number): () => string {
  const bodies = Array.from({ length: count }, () => signedBody(payload));
  let next = 0;
  return () => bodies[next++] ?? signedBody(payload);
}

/** Opens one answer in `every`; the rest pass unchecked (the load generator shares the CPU). */
function sampledCheck(every: number): (body: string) => boolean {
  let seen = 0;
  return (body) => seen++ % every !== 0 || openAnswer(body).code === 0;
}

function signedRun(url: string, path: string, payload: unknown, token: string | undefined, options: LoadOptions & { overallRate?: number }) {
  const body = presigned(payload, Math.ceil((options.overallRate ?? MAX_EXPECTED_RATE) * options.duration * 1.1));
  return autocannon({
    url,
    connections: options.connections,
    duration: options.duration,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    requests: [{ method: 'POST', path: `/api${path}`, headers: callHeaders(token), setupRequest: (request) => ({ ...request, body: body() }) }],
    verifyBody: sampledCheck(50),
  });
}

const failures = (result: Result): number => result.errors + result.timeouts + result.non2xx + result.mismatches;
const failureNote = (result: Result): string => (failures(result) ? `${failures(result)} failed` : '');

async function startBareServer(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const log = openSync('.artifacts/bench-bare-server.log', 'w'); // written by the server itself, as the real one's
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', log, log] });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 120; attempt++) {
    if (child.exitCode !== null) throw new Error('the bare server exited; see .artifacts/bench-bare-server.log');
    if (await fetch(`${url}/bare`).then((response) => response.ok, () => false)) return { url, stop: () => child.kill('SIGTERM') };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the bare server did not start');
}

/** The runs of one kind as one: requests per second averaged, the worst p99, failures summed. */
function combined(runs: readonly Result[]): Result {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    ...runs[0]!,
    requests: { ...runs[0]!.requests, average: mean(runs.map((run) => run.requests.average)) },
    latency: { ...runs[0]!.latency, p99: Math.max(...runs.map((run) => run.latency.p99)) },
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    timeouts: runs.reduce((sum, run) => sum + run.timeouts, 0),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    mismatches: runs.reduce((sum, run) => sum + run.mismatches, 0),
  };
}

export async function measureServer(baseURL: string, options: LoadOptions): Promise<Figure[]> {
  const { token } = await callApi(baseURL, API.registerDevice, { deviceId: newDeviceId(), deviceType: 3 });
  const round = { ...options, duration: Math.max(1, Math.round(options.duration / ROUNDS)) };
  const bare = await startBareServer();
  const bareRuns: Result[] = [];
  const listRuns: Result[] = [];
  try {
    for (let i = 0; i < ROUNDS; i++) {
      bareRuns.push(await autocannon({ url: `${bare.url}/bare`, connections: options.connections, duration: round.duration }));
      listRuns.push(await signedRun(baseURL, API.moviePage, LIST_PAYLOAD, undefined, round));
    }
  } finally {
    bare.stop();
  }
  const bareRun = combined(bareRuns);
  const listRun = combined(listRuns);
  const memberRun = await signedRun(baseURL, API.current, {}, token, options);
  const fixedRun = await signedRun(baseURL, API.moviePage, LIST_PAYLOAD, undefined, { ...options, overallRate: FIXED_RATE });

  const bareRate = bareRun.requests.average;
  const group = 'server';
  const connections = `${options.connections} connections, ${options.duration} s`;
  return [
    { group, name: 'bare Fastify JSON route', value: bareRate, unit: 'req/s', note: `${connections}; p99 ${bareRun.latency.p99} ms ${failureNote(bareRun)}`.trim() },
    { group, name: 'movie list (signed, encrypted)', value: listRun.requests.average, unit: 'req/s', budget: { min: bareRate / 2 }, note: `½ bare; p99 ${listRun.latency.p99} ms ${failureNote(listRun)}`.trim() },
    { group, name: 'member /current (token)', value: memberRun.requests.average, unit: 'req/s', note: `p99 ${memberRun.latency.p99} ms ${failureNote(memberRun)}`.trim() },
    { group, name: `movie list p99 at ${FIXED_RATE} req/s`, value: fixedRun.latency.p99, unit: 'ms', budget: { max: 25 }, note: `${fixedRun.requests.average.toFixed(0)} req/s served ${failureNote(fixedRun)}`.trim() },
    { group, name: 'failed or not code 0', value: failures(bareRun) + failures(listRun) + failures(memberRun) + failures(fixedRun), unit: 'count', budget: { max: 0 } },
  ];
}

/** measureServer in a fresh process (bench/server-load-process.ts), apart from the bench's heap. */
export async function measureServerApart(baseURL: string, options: LoadOptions): Promise<Figure[]> {
  const args = ['--import', 'tsx', 'bench/server-load-process.ts', baseURL, String(options.duration), String(options.connections)];
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Figure[];
}
