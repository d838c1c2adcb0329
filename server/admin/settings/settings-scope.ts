/**
 * What every 站点设置 route shares: the roles (超级管理员 and 运营), the site of a path checked
 * against the operator's sites (403) and the store (404), ids of the path, unique-code conflicts as
 * a 400 naming the field, and the checks of values several kinds use (links, images, colours).
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { inAppPath, isExternalUrl } from '../../../contract/in-app-path.ts';
import { sqlState, UNIQUE_VIOLATION, type Queryable } from '../../db/db.ts';
import { UPLOAD_NAME, UPLOAD_URL_PREFIX } from '../../uploads/images/image-upload.ts';
import { AdminHttpError, badField } from '../admin-errors.ts';
import { parseInput } from '../admin-input.ts';
import { assertSite, operatorOf, requireRole } from '../guards.ts';
import { settingsMessages as text } from './settings-messages.ts';

export const settingsRoles = { preHandler: requireRole('ops') };
export const superOnly = { preHandler: requireRole() };

const siteParams = z.object({
  siteId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
const itemParams = siteParams.extend({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** The path's site: 403 when the operator may not act on it, 404 when there is none. */
export async function siteOf(q: Queryable, req: FastifyRequest): Promise<number> {
  const { siteId } = parseInput(siteParams, req.params);
  assertSite(operatorOf(req), siteId);
  const row = await q.one<{ id: number }>('SELECT id FROM sites WHERE id = $1', [siteId]);
  if (!row) throw new AdminHttpError(404, text.noSite(siteId));
  return siteId;
}

export const itemIdOf = (req: FastifyRequest): number => parseInput(itemParams, req.params).id;

export const notFound = (what: string, id: number | string): AdminHttpError =>
  new AdminHttpError(404, text.notFound(what, id));

/** Runs `work`; a unique violation of the store becomes a 400 naming `field`. */
export async function uniqueAs<T>(field: string, message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw badField(field, message);
    throw error;
  }
}

/**
 * An address inside the app ("/movie/12") or an http(s) URL, by the rules the app follows them by
 * (contract/in-app-path.ts): never a path a browser would take to another host.
 */
export const linkSchema = z
  .string()
  .trim()
  .max(500)
  .refine((value) => inAppPath(value) !== null || isExternalUrl(value), { message: text.link });

/** An uploaded image (/uploads/<hash>.webp) or a media key under the CDN line ("banners/b1.webp"). */
export const imageSchema = z
  .string()
  .trim()
  .min(1, { message: text.image })
  .max(300)
  .refine(
    (value) =>
      value.startsWith(UPLOAD_URL_PREFIX)
        ? UPLOAD_NAME.test(value.slice(UPLOAD_URL_PREFIX.length))
        : /^[a-z0-9][a-z0-9/_.-]*\.(webp|png|jpe?g|gif|avif)$/i.test(value) && !value.includes('..'),
    { message: text.image },
  );

export const colourSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: text.colour })
  .transform((value) => value.toLowerCase());

export const codeSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, { message: text.code });
