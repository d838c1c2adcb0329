/**
 * `GET /api/icons?icons=a,b`: the Iconify-style icon endpoint of docs/spec.md section 7 and docs/architecture.md, plain JSON (not an envelope): `{icons: {name: {body, width, height}}, not_found: [...]}`.
 * Names are validated (letters, digits, "-" and one optional "prefix:"), at most 50 per request;
 * answers are immutable for a day, so the browser, the SW and any CDN keep them.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ICONS_PATH } from '../../contract/calls/paths.ts';
import { findIcon, type IconData } from '../icons/icon-set.ts';

export const MAX_ICONS_PER_REQUEST = 50;
const NAME = /^(?:[a-z0-9]+(?:-[a-z0-9]+)*:)?[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_NAME_LENGTH = 64;

type IconsQuery = { icons?: unknown };

export const iconRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: IconsQuery }>(ICONS_PATH, async (req, reply) => {
    const raw = typeof req.query.icons === 'string' ? req.query.icons : '';
    const names = [
      ...new Set(
        raw
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      ),
    ];
    const bad = names.find((name) => name.length > MAX_NAME_LENGTH || !NAME.test(name));
    if (names.length === 0 || names.length > MAX_ICONS_PER_REQUEST || bad !== undefined) {
      const error =
        names.length === 0
          ? 'icons is required'
          : bad !== undefined
            ? `invalid icon name: ${bad.slice(0, 80)}`
            : `at most ${MAX_ICONS_PER_REQUEST} icons per request`;
      return reply.code(400).header('cache-control', 'no-store').send({ error });
    }
    const icons: Record<string, IconData> = {};
    const notFound: string[] = [];
    for (const name of names) {
      const icon = findIcon(name);
      if (icon) icons[name] = icon;
      else notFound.push(name);
    }
    reply.header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800, immutable');
    reply.header('access-control-allow-origin', '*');
    return { icons, not_found: notFound };
  });
};
