/**
 * The per-site lists the console edits the same way (list-routes.ts): what each stores, its input
 * rules (400 naming the field), and the checks across fields that must hold after a change. VIP
 * plans, coin packages and goods are never deleted (orders and exchanges point at them): they are
 * disabled. An order copies what it sells when it is made, so an edit never changes a past order.
 * A CDN line saved enabled (new, at a new address, or switched on) is probed first: one that is
 * 不可达 is saved 停用 and the answer says why (`notice`), rather than handed to the app; switching
 * on a dead line is refused, and so is a dead line that would leave its site none enabled.
 */
import { z } from 'zod';
import { GOODS_KINDS, type SiteList } from '../../../contract/admin/settings.ts';
import type { Queryable } from '../../db/db.ts';
import type { OutboundTestHosts } from '../../net/outbound.ts';
import { badField } from '../admin-errors.ts';
import { lineUrlProblem, type ProbeLine } from './line-health.ts';
import { codeSchema, imageSchema, linkSchema } from './settings-scope.ts';
import { settingsMessages as text } from './settings-messages.ts';

export interface Column {
  column: string;
  /** ms since the epoch in the API, timestamptz in the store. */
  time?: boolean;
}

type Row = Record<string, unknown>;

/** What a save stores after the kind's look at it, and a word for the operator. */
export interface Vetted {
  input: Row;
  notice?: string;
}

export interface ListKind {
  segment: SiteList;
  table: string;
  /** The audit's targetType and action prefix (banner.create …). */
  target: string;
  /** 404 text: "<label>不存在". */
  label: string;
  /** API field → store column; `id` and `sort` included. */
  columns: Record<string, Column>;
  create: z.ZodType<Record<string, unknown>>;
  patch: z.ZodType<Record<string, unknown>>;
  /** Checks the whole row after a change (400 naming the field). */
  check?: (row: Record<string, unknown>) => void;
  /**
   * Looks at a new row (`before` null) or a change before its transaction, since it may wait on the
   * network (a CDN line's probe): answers what to store; throws a 400 to refuse.
   */
  vet?: (q: Queryable, siteId: number, input: Row, before: Row | null) => Promise<Vetted>;
  /** Runs in the change's transaction after it (e.g. a site keeps one enabled CDN line). */
  afterChange?: (q: Queryable, siteId: number) => Promise<void>;
  /** Fields filled in when a new row leaves them out (e.g. a generated code). */
  defaults?: () => Record<string, unknown>;
  deletable: boolean;
}

const int = (message: string, min = 1) =>
  z
    .number({ message })
    .int({ message })
    .min(min, { message })
    .max(2 ** 31 - 1, { message });
const sort = z.number().int().min(0).max(1_000_000);
const time = z.number().int().min(0).max(8_640_000_000_000).nullable();
const title = (message: string) => z.string({ message }).trim().min(1, { message }).max(100);
const badge = z
  .string()
  .trim()
  .max(20)
  .nullable()
  .transform((value) => (value ? value : null));

/** A patch schema: every field optional, at least one given. */
const patchOf = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object(shape)
    .partial()
    .refine((value) => Object.keys(value).length > 0, { message: text.nothingToChange });

const banner = { title: title(text.title), image: imageSchema, link: linkSchema, sort, startsAt: time, endsAt: time };
/** A CDN line's fields: its URL a path of this server or on a public host (line-health.ts). */
const lineOf = (testHosts: OutboundTestHosts) => ({
  name: title(text.name),
  url: z
    .string()
    .trim()
    .max(300)
    .superRefine((value, ctx) => {
      const problem = lineUrlProblem(value, testHosts);
      if (problem) ctx.addIssue({ code: 'custom', message: problem === 'host' ? text.linePublic : text.cdnUrl });
    })
    .transform((value) => (value.length > 1 ? value.replace(/\/+$/, '') : value)),
  sort,
  enabled: z.boolean(),
});
const plan = {
  code: codeSchema,
  name: title(text.name),
  days: int(text.days),
  priceFen: int(text.price),
  originalPriceFen: int(text.price),
  badge,
  description: z.string().trim().max(200),
  sort,
  enabled: z.boolean(),
};
const coinPackage = {
  code: codeSchema,
  coins: int(text.coins),
  bonusCoins: int(text.bonus, 0),
  priceFen: int(text.price),
  badge,
  sort,
  enabled: z.boolean(),
};
const goods = {
  code: codeSchema,
  name: title(text.name),
  description: z.string().trim().max(200),
  image: imageSchema.nullable(),
  kind: z.enum(GOODS_KINDS),
  value: int(text.goodsValue, 0),
  pointsCost: int(text.pointsCost),
  stock: int(text.stock, 0),
  perUserLimit: int(text.perUserLimit).nullable(),
  sort,
  enabled: z.boolean(),
};

const code = (prefix: string) => () => ({
  code: `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`,
});

/** A site keeps at least one enabled line (the caller locked the site's row). */
async function keepsOneLine(q: Queryable, siteId: number): Promise<void> {
  const row = await q.one<{ n: number }>('SELECT count(*)::int AS n FROM cdn_lines WHERE site_id = $1 AND enabled', [
    siteId,
  ]);
  if ((row?.n ?? 0) < 1) throw badField('enabled', text.lastLine);
}

/** A CDN line saved enabled, probed when it is new, at a new address or switched on (the header). */
const vetLine =
  (probeLine: ProbeLine) =>
  async (q: Queryable, siteId: number, input: Row, before: Row | null): Promise<Vetted> => {
    const row = { ...before, ...input };
    const switchedOn = before === null || before.enabled !== true || row.url !== before.url;
    if (row.enabled !== true || !switchedOn) return { input };
    const probe = await probeLine(row.url as string);
    if (probe.state !== 'down') return { input };
    const reason = probe.error ?? '连接失败';
    if (before && Object.entries(input).every(([field, value]) => field === 'enabled' || value === before[field]))
      throw badField('enabled', text.lineDownNotEnabled(reason));
    const others = await q.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM cdn_lines WHERE site_id = $1 AND enabled AND id <> $2',
      [siteId, before?.id ?? 0],
    );
    if ((others?.n ?? 0) === 0) throw badField('url', text.lineDownLast(reason));
    return { input: { ...input, enabled: false }, notice: text.lineDownSaved(reason) };
  };

/** The lists; a CDN line's host is checked under OUTBOUND_TEST_HOSTS (`testHosts`), its health by `probeLine`. */
export const listKinds = (testHosts: OutboundTestHosts, probeLine: ProbeLine): readonly ListKind[] => [
  {
    segment: 'banners',
    table: 'banners',
    target: 'banner',
    label: '轮播图',
    columns: {
      id: { column: 'id' },
      title: { column: 'title' },
      image: { column: 'image' },
      link: { column: 'link' },
      sort: { column: 'sort' },
      startsAt: { column: 'starts_at', time: true },
      endsAt: { column: 'ends_at', time: true },
      clicks: { column: 'clicks' },
    },
    create: z.object({ ...banner, sort: sort.optional(), startsAt: time.default(null), endsAt: time.default(null) }),
    patch: patchOf(banner),
    check: (row) => {
      if (row.startsAt !== null && row.endsAt !== null && (row.endsAt as number) <= (row.startsAt as number))
        throw badField('endsAt', text.window);
    },
    deletable: true,
  },
  {
    segment: 'cdn-lines',
    table: 'cdn_lines',
    target: 'cdnLine',
    label: 'CDN 线路',
    columns: {
      id: { column: 'id' },
      name: { column: 'name' },
      url: { column: 'url' },
      sort: { column: 'sort' },
      enabled: { column: 'enabled' },
    },
    create: z.object({ ...lineOf(testHosts), sort: sort.optional(), enabled: z.boolean().default(true) }),
    patch: patchOf(lineOf(testHosts)),
    vet: vetLine(probeLine),
    afterChange: keepsOneLine,
    deletable: true,
  },
  {
    segment: 'vip-plans',
    table: 'vip_plans',
    target: 'vipPlan',
    label: 'VIP 套餐',
    columns: {
      id: { column: 'id' },
      code: { column: 'code' },
      name: { column: 'name' },
      days: { column: 'days' },
      priceFen: { column: 'price_fen' },
      originalPriceFen: { column: 'original_price_fen' },
      badge: { column: 'badge' },
      description: { column: 'description' },
      sort: { column: 'sort' },
      enabled: { column: 'enabled' },
    },
    create: z.object({
      ...plan,
      code: codeSchema.optional(),
      badge: badge.default(null),
      description: plan.description.default(''),
      sort: sort.optional(),
      enabled: z.boolean().default(true),
    }),
    patch: patchOf(plan),
    check: (row) => {
      if ((row.originalPriceFen as number) < (row.priceFen as number))
        throw badField('originalPriceFen', text.original);
    },
    defaults: code('vip'),
    deletable: false,
  },
  {
    segment: 'coin-packages',
    table: 'coin_packages',
    target: 'coinPackage',
    label: '金币套餐',
    columns: {
      id: { column: 'id' },
      code: { column: 'code' },
      coins: { column: 'coins' },
      bonusCoins: { column: 'bonus_coins' },
      priceFen: { column: 'price_fen' },
      badge: { column: 'badge' },
      sort: { column: 'sort' },
      enabled: { column: 'enabled' },
    },
    create: z.object({
      ...coinPackage,
      code: codeSchema.optional(),
      bonusCoins: coinPackage.bonusCoins.default(0),
      badge: badge.default(null),
      sort: sort.optional(),
      enabled: z.boolean().default(true),
    }),
    patch: patchOf(coinPackage),
    defaults: code('coin'),
    deletable: false,
  },
  {
    segment: 'goods',
    table: 'points_goods',
    target: 'goods',
    label: '积分商品',
    columns: {
      id: { column: 'id' },
      code: { column: 'code' },
      name: { column: 'name' },
      description: { column: 'description' },
      image: { column: 'image' },
      kind: { column: 'kind' },
      value: { column: 'value' },
      pointsCost: { column: 'points_cost' },
      stock: { column: 'stock' },
      perUserLimit: { column: 'per_user_limit' },
      sort: { column: 'sort' },
      enabled: { column: 'enabled' },
    },
    create: z.object({
      ...goods,
      code: codeSchema.optional(),
      description: goods.description.default(''),
      image: goods.image.default(null),
      perUserLimit: goods.perUserLimit.default(null),
      sort: sort.optional(),
      enabled: z.boolean().default(true),
    }),
    patch: patchOf(goods),
    check: (row) => {
      if (row.kind !== 'item' && (row.value as number) <= 0) throw badField('value', text.goodsValue);
    },
    defaults: code('goods'),
    deletable: false,
  },
];
