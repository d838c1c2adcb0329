/**
 * The console's collection (资源采集, docs/admin-api.md "Collection"; docs/collection.md): MacCMS v10
 * sources, their type ids mapped to local categories, and collection runs (pg-boss jobs) with their
 * progress, pause and resume, and a log of every item. Types only; the server validates with zod of
 * its own.
 */

export const SOURCE_FORMATS = ['json', 'xml'] as const;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];

/** Where collected titles land: 草稿 for review, or 已发布 at once. */
export const LAND_AS = ['draft', 'published'] as const;
export type LandAs = (typeof LAND_AS)[number];
export const LAND_AS_LABELS: Record<LandAs, string> = { draft: '草稿（审核后发布）', published: '直接发布' };

/** A run reads the whole catalogue, the last 24 hours, the last week, or a list of the source's ids. */
export const RUN_MODES = ['all', 'day', 'week', 'ids'] as const;
export type RunMode = (typeof RUN_MODES)[number];
export const RUN_MODE_LABELS: Record<RunMode, string> = {
  all: '全部',
  day: '最近 24 小时',
  week: '最近一周',
  ids: '指定 ID',
};
/** The MacCMS `h` (hours) of a mode; null: no limit (全部, 指定 ID). */
export const RUN_MODE_HOURS: Record<RunMode, number | null> = { all: null, day: 24, week: 168, ids: null };

export const RUN_STATES = ['queued', 'running', 'paused', 'done', 'failed'] as const;
export type RunState = (typeof RUN_STATES)[number];
export const RUN_STATE_LABELS: Record<RunState, string> = {
  queued: '排队',
  running: '采集中',
  paused: '已暂停',
  done: '完成',
  failed: '失败',
};

export const ITEM_OUTCOMES = ['added', 'updated', 'skipped', 'failed'] as const;
export type ItemOutcome = (typeof ITEM_OUTCOMES)[number];
export const ITEM_OUTCOME_LABELS: Record<ItemOutcome, string> = {
  added: '新增',
  updated: '更新',
  skipped: '跳过',
  failed: '失败',
};

/** Limits of a source's fields (the server's zod and the form's hints). */
export const SOURCE_NAME_MAX = 40;
export const SOURCE_URL_MAX = 500;
export const SOURCE_KEY_MAX = 128;
export const SOURCE_EVERY_HOURS_MAX = 720;
/** At most this many ids in one 指定 ID run. */
export const RUN_IDS_MAX = 200;
/** Rows of a page of runs and of a run's log. */
export const RUNS_PAGE_SIZE = 20;
export const RUN_ITEMS_PAGE_SIZE = 50;

/** POST /admin-api/supply/sources body; PATCH takes any subset. */
export interface SourceInput {
  name: string;
  /** The source's API: https://…/api.php/provide/vod (http allowed; every fetch goes through the outbound guard). */
  apiUrl: string;
  format: SourceFormat;
  /** Sent as ?key= when set; null: none. */
  apiKey: string | null;
  enabled: boolean;
  landAs: LandAs;
  /** A 最近 24 小时 run every N hours; null: not scheduled. */
  everyHours: number | null;
}

/** GET /admin-api/supply/sources: every source, with its mapping's size and its latest run. */
export interface SupplySource extends SourceInput {
  id: number;
  /** Type ids mapped to a category. */
  mappedTypes: number;
  /** Titles this source has given (supply_links). */
  titles: number;
  latestRun: SupplyRun | null;
  createdAt: number;
}

/** One of the source's classes (its `class` list) and the local category it maps to (null: skipped). */
export interface SourceClass {
  typeId: number;
  typeName: string;
  categoryId: number | null;
}

/** GET /admin-api/supply/sources/:id/classes: the source's classes read now, with the saved mapping. */
export interface SourceClasses {
  classes: SourceClass[];
  /** Titles the source lists in all (its `total`). */
  total: number;
}

/** PUT /admin-api/supply/sources/:id/map body: the whole mapping (null categoryId: not mapped). */
export interface SourceMapBody {
  map: SourceClass[];
}

/** POST /admin-api/supply/sources/:id/runs body. */
export interface RunInput {
  mode: RunMode;
  /** The source's vod_ids, for mode 'ids' only (1..RUN_IDS_MAX). */
  ids?: string[];
}

/** A run as the console shows it (GET /admin-api/supply/runs/:id, and each list's rows). */
export interface SupplyRun {
  id: number;
  sourceId: number;
  sourceName: string;
  mode: RunMode;
  ids: string[];
  state: RunState;
  /** A pause was asked and the run stops after the page it is on. */
  pauseRequested: boolean;
  /** Pages written whole, and the source's page count once known. */
  page: number;
  pageCount: number | null;
  added: number;
  updated: number;
  skipped: number;
  failed: number;
  /** Why the run failed (the source timed out, answered garbage, was refused by the outbound guard …). */
  failure: string | null;
  /** Who started it; null: the schedule. */
  operatorName: string | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}

/** GET /admin-api/supply/runs/:id/items?outcome=&page=: the run's log, newest last. */
export interface RunItem {
  id: number;
  page: number;
  vodId: string;
  name: string;
  outcome: ItemOutcome;
  reason: string;
  /** The local title written (null when none, or deleted since). */
  movieId: number | null;
  at: number;
}

export interface RunItemPage {
  items: RunItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /admin-api/supply/runs?sourceId=&page=: runs newest first, a numbered page. */
export interface SupplyRunPage {
  items: SupplyRun[];
  total: number;
  page: number;
  pageSize: number;
}
