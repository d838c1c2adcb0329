/**
 * Server figures with autocannon: the most requests per second of a signed, encrypted movie-list
 * call and of a member call (/current with a token), beside a bare Fastify JSON route measured in
 * the same run (bench/bare-server.ts, a process of its own like the real server; bare and list runs
 * alternate, ROUNDS times each, so a change of the machine's speed shows in both); then the p99
 * latency of the list call at a fixed 1,000 requests per second. Every signed request gets a new
 * wrapper (the server refuses a replayed requestId), signed and built before the run (signedRun)
 * so that the load generator, which shares the CPU with the server, does little more per request
 * than for the bare route; every 50th answer is opened and must be code 0.
 */
import { execFile, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { promisify } from 'node:util';
import autocannon, { type Options, type RawRequest, type Result } from 'autocannon';
import { API } from '../contract/calls/paths.ts';
import { newDeviceId } from '../contract/protocol/ids.ts';
import { freePort } from '../scripts/lib/free-port.ts';
import { callApi, callHeaders, openAnswer, signedBody } from './bench-api.ts';
import type { Figure } from './figures.ts';

export interface LoadOptions {
  /** Seconds per run. */
  duration: number;
  connections: number;
}

const FIXED_RATE = 1000;
/**
 * Rounds of bare and list runs, each half the run time (BENCH_SECONDS): this machine's speed drifts
 * by a third within a minute, and four short rounds in turn share a drift more evenly than two.
 */
const ROUNDS = 4;
/** Requests signed ahead for a connection, over its share of the run at the ceiling rate. */
const HEADROOM = 1.3;
const LIST_PAYLOAD = { page: 1, pageSize: 20, sort: 'new' as const };

/** Opens one answer in `every`; the rest pass unchecked (the load generator shares the CPU). */
function sampledCheck(every: number): (body: string) => boolean {
  let seen = 0;
  return (body) => seen++ % every !== 0 || openAnswer(body).code === 0;
}

interface SignedRunOptions extends LoadOptions {
  /** A rate the run cannot exceed (req/s): what the requests signed ahead are counted for. */
  ceiling: number;
  overallRate?: number;
}

/**
 * A run of a signed call. Every request needs a body of its own (the server refuses a replayed
 * requestId), signed before the run:
 * - At full speed each connection gets a list of its own, built into bytes before the run, which
 *   autocannon sends as they are: built per request instead, the requests cost the load generator,
 *   which shares the two cores with the server, half as much again as the bare route's (45 against
 *   30 µs each). A connection that used its list up would start it again and be refused as a
 *   replay; autocannon counts that as a reset, and a reset counts as a failure here.
 * - At a fixed rate the generator has time to spare, and building the lists would hold up the
 *   run's first answers (their latency is the figure): each request is built in turn.
 */
function signedRun(url: string, path: string, payload: unknown, token: string | undefined, options: SignedRunOptions) {
  const headers = callHeaders(token);
  const request = (body = signedBody(payload)) => ({ method: 'POST', path: `/api${path}`, headers, body });
  const { connections, duration, overallRate } = options;
  const count = Math.ceil((overallRate ?? options.ceiling) * duration * HEADROOM);
  const requests: Pick<Options, 'requests' | 'setupClient' | 'overallRate'> = overallRate
    ? { overallRate, requests: [{ ...request(), setupRequest: bodiesInTurn(payload, count) }] }
    : {
        requests: [request()],
        setupClient: (client) =>
          client.setRequests(Array.from({ length: Math.ceil(count / connections) }, () => request())),
      };
  return autocannon({ url, connections, duration, ...requests, verifyBody: sampledCheck(50) });
}

/** setupRequest giving each request the next of `count` bodies signed now, then signed on the fly. */
function bodiesInTurn(payload: unknown, count: number): (request: RawRequest) => RawRequest {
  const bodies = Array.from({ length: count }, () => signedBody(payload));
  let next = 0;
  return (request) => ({ ...request, body: bodies[next++] ?? signedBody(payload) });
}

const failures = (result: Result): number =>
  result.errors + result.timeouts + result.non2xx + result.mismatches + result.resets;
const failureNote = (result: Result): string => (failures(result) ? `${failures(result)} failed` : '');

async function startBareServer(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const log = openSync('.artifacts/bench-bare-server.log', 'w'); // written by the server itself, as the real one's
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 120; attempt++) {
    if (child.exitCode !== null) throw new Error('the bare server exited; see .artifacts/bench-bare-server.log');
    if (
      await fetch(`${url}/bare`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { url, stop: () => child.kill('SIGTERM') };
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
    resets: runs.reduce((sum, run) => sum + run.resets, 0),
  };
}

export async function measureServer(baseURL: string, options: LoadOptions): Promise<Figure[]> {
  const { token } = await callApi(baseURL, API.registerDevice, { deviceId: newDeviceId(), deviceType: 3 });
  const round = { ...options, duration: Math.max(1, Math.round(options.duration / 2)) };
  const bare = await startBareServer();
  const bareRuns: Result[] = [];
  const listRuns: Result[] = [];
  try {
    for (let i = 0; i < ROUNDS; i++) {
      const bareRun = await autocannon({
        url: `${bare.url}/bare`,
        connections: options.connections,
        duration: round.duration,
      });
      bareRuns.push(bareRun);
      // The list call does what the bare route does and more, on the same framework: it is slower.
      listRuns.push(
        await signedRun(baseURL, API.moviePage, LIST_PAYLOAD, undefined, {
          ...round,
          ceiling: bareRun.requests.average,
        }),
      );
    }
  } finally {
    bare.stop();
  }
  const bareRun = combined(bareRuns);
  const listRun = combined(listRuns);
  // The member call reads the session from the store besides: it is slower than the cached list.
  const memberRun = await signedRun(baseURL, API.current, {}, token, { ...options, ceiling: listRun.requests.average });
  const fixedRun = await signedRun(baseURL, API.moviePage, LIST_PAYLOAD, undefined, {
    ...options,
    ceiling: FIXED_RATE,
    overallRate: FIXED_RATE,
  });

  const bareRate = bareRun.requests.average;
  const group = 'server';
  const connections = `${options.connections} connections, ${ROUNDS} rounds of ${round.duration} s in turn with the list`;
  return [
    {
      group,
      name: 'bare Fastify JSON route',
      value: bareRate,
      unit: 'req/s',
      note: `${connections}; p99 ${bareRun.latency.p99} ms ${failureNote(bareRun)}`.trim(),
    },
    {
      group,
      name: 'movie list (signed, encrypted)',
      value: listRun.requests.average,
      unit: 'req/s',
      budget: { min: bareRate / 2 },
      note: `½ bare; p99 ${listRun.latency.p99} ms ${failureNote(listRun)}`.trim(),
    },
    {
      group,
      name: 'member /current (token)',
      value: memberRun.requests.average,
      unit: 'req/s',
      note: `p99 ${memberRun.latency.p99} ms ${failureNote(memberRun)}`.trim(),
    },
    {
      group,
      name: `movie list p99 at ${FIXED_RATE} req/s`,
      value: fixedRun.latency.p99,
      unit: 'ms',
      budget: { max: 25 },
      note: `${fixedRun.requests.average.toFixed(0)} req/s served ${failureNote(fixedRun)}`.trim(),
    },
    {
      group,
      name: 'failed or not code 0',
      value: failures(bareRun) + failures(listRun) + failures(memberRun) + failures(fixedRun),
      unit: 'count',
      budget: { max: 0 },
    },
  ];
}

/** measureServer in a fresh process (bench/server-load-process.ts), apart from the bench's heap. */
export async function measureServerApart(baseURL: string, options: LoadOptions): Promise<Figure[]> {
  const args = [
    '--import',
    'tsx',
    'bench/server-load-process.ts',
    baseURL,
    String(options.duration),
    String(options.connections),
  ];
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Figure[];
}
