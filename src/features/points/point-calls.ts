/**
 * Points calls (contract/calls/member.ts): today's tasks and claims, the mall's goods, exchanges and
 * their records, and the player's watch heartbeats (which feed the watch task). Nothing cached:
 * progress, stock and balances move. Mutations show no toast of their own; screens explain.
 */
import { call, type CallOptions } from '../../api/client.ts';
import type { Page } from '../../../contract/calls/content.ts';
import type {
  CheckinResult,
  CheckinStatus,
  ExchangeRecord,
  ExchangeResult,
  Goods,
  PointTask,
  WatchProgress,
} from '../../../contract/calls/member.ts';
import { API } from '../../../contract/calls/paths.ts';

type ToastOption = Pick<CallOptions, 'toast'>;

export const getPointTasks = (options?: ToastOption): Promise<PointTask[]> =>
  call(API.pointTasks, {}, { ...options, cache: false });

/** Code 4: not done yet; 9: claimed today already. */
export const claimTask = (taskId: number): Promise<{ points: number; gained: number }> =>
  call(API.claimTask, { taskId }, { cache: false, toast: false });

/** The check-in streak with this month's calendar. */
export const getCheckinStatus = (options?: ToastOption): Promise<CheckinStatus> =>
  call(API.checkinStatus, {}, { ...options, cache: false });

/** Code 9: checked in today already; 4: check-in is off. */
export const checkInToday = (): Promise<CheckinResult> => call(API.checkIn, {}, { cache: false, toast: false });

/** Code 5: no 补签 card left this month; 4: not the day a card may fill; 9: filled already. */
export const makeUpDay = (day: string): Promise<CheckinResult> =>
  call(API.checkinMakeup, { day }, { cache: false, toast: false });

export const getGoodsPage = (page: number, pageSize: number, options?: ToastOption): Promise<Page<Goods>> =>
  call(API.goodsPage, { page, pageSize }, { ...options, cache: false });

export interface ExchangeRequest {
  goodsId: number;
  quantity: number;
  /** One per attempt, reused when that attempt is retried (lib/idempotency-key.ts). */
  idempotencyKey: string;
}

/** Code 5: not enough points or stock, or the per-user limit reached. */
export const exchangeGoods = (request: ExchangeRequest): Promise<ExchangeResult> =>
  call(API.exchangeGoods, request, { cache: false, toast: false });

export const getExchangePage = (page: number, pageSize: number, options?: ToastOption): Promise<Page<ExchangeRecord>> =>
  call(API.exchangePage, { page, pageSize }, { ...options, cache: false });

export interface Heartbeat {
  movieId: number;
  /** Seconds into the movie. */
  position: number;
  playing: boolean;
  /** The episode playing, and its length when known (the server's watch history). */
  episode?: number;
  durationS?: number;
}

/** Silent: a lost heartbeat only loses a few seconds of credit. */
/** `keepalive` for a beat that may be the page's last (it is closing). */
export const sendHeartbeat = (beat: Heartbeat, { keepalive = false } = {}): Promise<WatchProgress> =>
  call(API.movieHeartbeat, beat, { cache: false, toast: false, keepalive });
