/**
 * Danmaku calls (docs/api.md "Community"): send one at a time of the movie, read a time window.
 * Never cached: a window is fetched once per visit of that stretch, and a send is not queued
 * offline (a danmaku belongs to its moment). A failed send shows the server's message as a toast.
 */
import { call } from '../../api/client.ts';
import type { DanmakuItem } from '../../../contract/calls/community.ts';
import type { DanmakuColour, DanmakuMode } from '../../../contract/enums.ts';
import { API } from '../../../contract/calls/paths.ts';

export interface DanmakuPlace {
  movieId: number;
  episodeId?: number;
}

export const getDanmakuRange = (place: DanmakuPlace, fromMs: number, toMs: number): Promise<DanmakuItem[]> =>
  call(API.danmakuRange, { ...place, fromMs, toMs }, { cache: false, offline: false, toast: false });

export const sendDanmaku = (
  place: DanmakuPlace,
  danmaku: { atMs: number; text: string; mode: DanmakuMode; colour: DanmakuColour; idempotencyKey: string },
): Promise<DanmakuItem> => call(API.danmakuSend, { ...place, ...danmaku }, { cache: false, offline: false });
