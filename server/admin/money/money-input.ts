/**
 * The money calls' input: query strings and bodies as zod schemas (parseInput turns the first
 * problem into a 400 naming the field). Dates are the site's calendar days (server/db/site-day.ts), YYYY-MM-DD.
 */
import { z } from 'zod';
import {
  ADJUST_MAX,
  LEDGER_ASSETS,
  ORDER_DATE_BY,
  ORDER_LIMITS,
  ORDER_SORTS,
  REASON_MAX,
  SORT_DIRS,
  USER_LIMITS,
  USER_SORTS,
  type SortDir,
} from '../../../contract/admin/money.ts';
import { ORDER_KINDS, ORDER_STATUSES } from '../../../contract/enums.ts';
import { dayBounds } from '../../db/site-day.ts';
import { moneyMessages as text } from './money-messages.ts';

const idText = z
  .string()
  .regex(/^[1-9]\d{0,15}$/)
  .transform(Number)
  .pipe(z.number().max(Number.MAX_SAFE_INTEGER));
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));

/** `sort=column:dir` of the allowed columns; absent: `fallback` (400 naming 排序 otherwise). */
const sortOf = <C extends string>(columns: readonly C[], names: Record<C, string>, fallback: C) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? `${fallback}:desc` : value),
    z
      .string()
      .refine(
        (value) => {
          const [column, dir, ...rest] = value.split(':');
          return rest.length === 0 && columns.includes(column as C) && (SORT_DIRS as readonly string[]).includes(dir!);
        },
        text.sort(columns.map((column) => names[column])),
      )
      .transform((value) => {
        const [column, dir] = value.split(':') as [C, SortDir];
        return { column, dir };
      }),
  );
const pageOf = (max: number) => optional(idText.pipe(z.number().max(max, text.page(max))));

export const orderNoParams = z.object({ orderNo: z.string().regex(/^[0-9A-Z]{20,32}$/, 'orderNo 格式不正确') });
export const userIdParams = z.object({ id: idText.pipe(z.number().max(2 ** 53 - 1)) });

export const orderQuery = z
  .object({
    status: optional(z.enum(ORDER_STATUSES)),
    siteId: optional(idText.pipe(z.number().max(2 ** 31 - 1))),
    userId: optional(idText),
    kind: optional(z.enum(ORDER_KINDS)),
    from: optional(day),
    to: optional(day),
    dateBy: optional(z.enum(ORDER_DATE_BY)),
    limit: optional(idText.pipe(z.number().max(ORDER_LIMITS.pageMax, text.limit(ORDER_LIMITS.pageMax)))),
    cursor: optional(z.string().regex(/^[0-9A-Z]{20,32}$/, text.cursor)),
    page: pageOf(ORDER_LIMITS.pages),
    sort: sortOf(ORDER_SORTS, text.orderSorts, 'createdAt'),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { message: text.dates, path: ['from'] });

export const userQuery = z.object({
  q: optional(z.string().trim().max(64)),
  siteId: optional(idText.pipe(z.number().max(2 ** 31 - 1))),
  cursor: optional(idText),
  limit: optional(idText.pipe(z.number().max(USER_LIMITS.pageMax, text.limit(USER_LIMITS.pageMax)))),
  page: pageOf(USER_LIMITS.pages),
  sort: sortOf(USER_SORTS, text.userSorts, 'createdAt'),
});

export const bulkRecheckBody = z.object({
  orderNos: z
    .array(z.string().regex(/^[0-9A-Z]{20,32}$/, text.orderNos), { message: text.orderNos })
    .min(1, text.orderNos)
    .max(ORDER_LIMITS.bulk, text.tooMany(ORDER_LIMITS.bulk)),
});

export const ledgerQuery = z.object({
  asset: z.enum(LEDGER_ASSETS, { message: text.asset }).default('coins'),
  cursor: optional(idText),
});

const reason = z
  .string({ message: text.reason })
  .trim()
  .min(1, text.reason)
  .max(REASON_MAX, text.reasonTooLong(REASON_MAX));

export const refundBody = z.object({ reason });

export const adjustBody = z.object({
  asset: z.enum(LEDGER_ASSETS, { message: text.asset }),
  delta: z
    .number({ message: text.delta })
    .int(text.delta)
    .refine((value) => value !== 0, text.delta)
    .refine((value) => Math.abs(value) <= ADJUST_MAX, text.deltaTooLarge(ADJUST_MAX)),
  reason,
});

/** The start of a site day, and the start of the day after (the `to` bound, exclusive). */
export const dayStart = (value: string): string => new Date(dayBounds(value).start).toISOString();
export const dayAfter = (value: string): string => new Date(dayBounds(value).end).toISOString();
