/**
 * The money calls' input: query strings and bodies as zod schemas (parseInput turns the first
 * problem into a 400 naming the field). Dates are Asia/Shanghai calendar days, YYYY-MM-DD.
 */
import { z } from 'zod';
import { ADJUST_MAX, LEDGER_ASSETS, ORDER_DATE_BY, ORDER_LIMITS, REASON_MAX } from '../../../contract/admin/money.ts';
import { ORDER_KINDS, ORDER_STATUSES } from '../../../contract/enums.ts';
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
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00+08:00`)));

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
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { message: text.dates, path: ['from'] });

export const userQuery = z.object({
  q: optional(z.string().trim().max(64)),
  siteId: optional(idText.pipe(z.number().max(2 ** 31 - 1))),
  cursor: optional(idText),
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

/** The start of a Shanghai day, and the start of the day after (the `to` bound, exclusive). */
export const dayStart = (value: string): string => new Date(`${value}T00:00:00+08:00`).toISOString();
export const dayAfter = (value: string): string =>
  new Date(Date.parse(`${value}T00:00:00+08:00`) + 86_400_000).toISOString();
