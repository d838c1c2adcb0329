/**
 * A burst of money and points writes against a running server, over HTTP, by several concurrent
 * workers: coin deposits (the order, then the gateway's signed notify), movie purchases and points
 * exchanges. Every write the server acknowledged (code 0, or the notify's `success`) is recorded;
 * a worker stops at its first transport failure (the server died) or when the burst is stopped.
 */
import { randomBytes } from 'node:crypto';
import type { DepositOrder, ExchangeResult } from '../../../contract/calls/member.ts';
import { API } from '../../../contract/calls/paths.ts';
import { Code } from '../../../contract/protocol/codes.ts';
import { configWith, newServerSecret } from '../../config.ts';
import { notifyParams } from '../member-fixture.ts';
import type { ServerProcess } from '../scale/server-process.ts';

export type Ack =
  | { kind: 'order'; userId: number; orderNo: string }
  | { kind: 'paid'; userId: number; orderNo: string }
  | { kind: 'purchase'; userId: number; movieId: number }
  | { kind: 'exchange'; userId: number; exchangeId: number };

export interface Member {
  userId: number;
  token: string;
}

export interface Catalogue {
  packageId: number;
  packageFen: number;
  movieIds: readonly number[];
  goodsIds: readonly number[];
}

export interface Burst {
  acks: Ack[];
  /** Stops the workers and waits for their requests in flight. */
  stop(): Promise<void>;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** The merchant key the burst signs the gateway's notifies with: start the server with it as PAY_KEY. */
export const BURST_PAY_KEY = newServerSecret();
const gateway = configWith({ PAY_KEY: BURST_PAY_KEY });

async function notify(baseURL: string, orderNo: string, amountFen: number): Promise<boolean> {
  const body = new URLSearchParams(notifyParams(gateway, { orderNo, amountFen })).toString();
  const res = await fetch(`${baseURL}/pay/notify`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  return (await res.text()) === 'success';
}

/** One write, recording what the server acknowledged. */
async function writeOnce(server: ServerProcess, member: Member, catalogue: Catalogue, acks: Ack[]): Promise<void> {
  const { client } = server;
  const { userId, token } = member;
  const op = Math.random();
  if (op < 0.34) {
    const { envelope } = await client.call<DepositOrder>(
      API.depositCoin,
      { packageId: catalogue.packageId, payType: 'alipay' },
      { token },
    );
    if (envelope.code !== Code.Ok) return;
    const { orderNo } = envelope.data;
    acks.push({ kind: 'order', userId, orderNo });
    if (await notify(server.baseURL, orderNo, catalogue.packageFen)) acks.push({ kind: 'paid', userId, orderNo });
  } else if (op < 0.67) {
    const movieId = pick(catalogue.movieIds);
    const { envelope } = await client.call(API.buyMovie, { movieId }, { token });
    if (envelope.code === Code.Ok) acks.push({ kind: 'purchase', userId, movieId });
  } else {
    const payload = { goodsId: pick(catalogue.goodsIds), quantity: 1, idempotencyKey: randomBytes(12).toString('hex') };
    const { envelope } = await client.call<ExchangeResult>(API.exchangeGoods, payload, { token });
    if (envelope.code === Code.Ok && !envelope.data.replayed)
      acks.push({ kind: 'exchange', userId, exchangeId: envelope.data.exchangeId });
  }
}

export function startBurst(
  server: ServerProcess,
  members: readonly Member[],
  catalogue: Catalogue,
  workers = 8,
): Burst {
  const acks: Ack[] = [];
  let stopped = false;
  const worker = async () => {
    while (!stopped) {
      try {
        await writeOnce(server, pick(members), catalogue, acks);
      } catch {
        return; // the connection failed: the server is gone
      }
    }
  };
  const running = Promise.all(Array.from({ length: workers }, worker));
  return {
    acks,
    async stop() {
      stopped = true;
      await running;
    },
  };
}
