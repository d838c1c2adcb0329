/**
 * What the taxonomy routes share: id params (400 naming `id`), 404s, the shared-content guard (the
 * categories, tags and featured collections are the whole station group's, so changing them needs
 * an operator of every site), text fields with their limits, and positions: a list's new order is
 * computed here and written as sort = 1..n in the caller's transaction.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isSingleLineText } from '../../../contract/calls/publish-limits.ts';
import type { Queryable } from '../../db/db.ts';
import { AdminHttpError, forbidden } from '../admin-errors.ts';
import { parseInput } from '../admin-input.ts';
import { operatorOf } from '../guards.ts';
import { taxonomyMessages as m } from './taxonomy-messages.ts';

const MAX_ID = 2 ** 31 - 1;

export const idParams = z.object({ id: z.coerce.number().int().min(1).max(MAX_ID) });

export const idOf = (req: FastifyRequest): number => parseInput(idParams, req.params).id;

export const dbId = z.number().int().min(1).max(MAX_ID);

export const notFound = (message: string): AdminHttpError => new AdminHttpError(404, message);

/** 403 unless the operator may act on every site (the shared taxonomy shows on all of them). */
export function assertAllSites(req: FastifyRequest): void {
  if (operatorOf(req).siteIds !== null) throw forbidden(m.sharedOnly);
}

/** A trimmed, required single-line text (a name, a word) of at most `max` characters, with messages naming what it is. */
export const requiredText = (what: string, requiredMessage: string, max: number) =>
  z
    .string({ message: requiredMessage })
    .trim()
    .min(1, { message: requiredMessage })
    .max(max, { message: m.tooLong(what, max) })
    .refine(isSingleLineText, { message: m.singleLine(what) });

/** A trimmed optional text (may be empty) of at most `max` characters. */
export const optionalText = (what: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: m.tooLong(what, max) });

export const positionSchema = z.object({ position: z.number().int().min(0).max(100_000) });

/** `ids` with `id` moved to `position` (clamped; past the end: last). */
export function placeAt(ids: readonly number[], id: number, position = Number.MAX_SAFE_INTEGER): number[] {
  const rest = ids.filter((other) => other !== id);
  rest.splice(Math.min(Math.max(position, 0), rest.length), 0, id);
  return rest;
}

/** Writes sort = 1..n in the order of `ids` (rows of `table` by id). */
export async function writeOrder(q: Queryable, table: string, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await q.query(
    `UPDATE ${table} t SET sort = o.n
       FROM unnest($1::int[]) WITH ORDINALITY AS o(id, n)
      WHERE t.id = o.id AND t.sort IS DISTINCT FROM o.n::int`,
    [ids],
  );
}
