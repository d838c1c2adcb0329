/**
 * The console's titles and episodes under /admin-api (docs/admin-api.md, "Content"), for 运营 and
 * 超级管理员: list, create a draft, read and change every field, publish / unpublish / schedule,
 * rename, renumber and delete episodes, set the poster from an image and a crop, and delete a title
 * visitors cannot see and nobody bought (movie-delete.ts). Titles are shared by every site of the
 * group: any of them reads them, but only an operator of every site changes them (403 for one
 * limited to some sites). Every change is one transaction with its audit rows and answers the
 * title as the editor shows it (a deleted one: 204).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AdminMovie, MovieCreate, MovieStatusResult } from '../../../contract/admin/catalogue.ts';
import type { AdminDeps } from '../admin-deps.ts';
import { AdminHttpError, badField } from '../admin-errors.ts';
import { auditOf, parseInput } from '../admin-input.ts';
import { audit } from '../audit.ts';
import { adminMessages } from '../admin-messages.ts';
import { requireEverySite, requireRole } from '../guards.ts';
import { catalogueMessages as text } from './catalogue-messages.ts';
import { deleteEpisode, patchEpisode } from './episode-writes.ts';
import { createBody, episodeBody, idParam, listQuery, patchBody, posterBody, statusBody } from './movie-input.ts';
import { deleteMovie } from './movie-delete.ts';
import { findAdminMovie, listAdminMovies, movieOptions } from './movie-store.ts';
import { createMovie, patchMovie, setStatuses } from './movie-writes.ts';
import { decodeImage, ensurePlaceholderPoster, removeUnusedPoster, writePoster } from './poster-image.ts';

/** The poster call's body: a 10 MiB image as base64 and the crop. */
const POSTER_BODY_LIMIT = 15 * 1024 * 1024;

const idOf = (req: FastifyRequest): number => {
  const id = idParam((req.params as { id?: unknown }).id);
  if (id === null) throw badField('id', text.id);
  return id;
};

export const catalogueRoutes: FastifyPluginAsync<AdminDeps> = async (api, { db, config, now }) => {
  const staff = { preHandler: requireRole('ops') };
  const change = { preHandler: [requireRole('ops'), requireEverySite(adminMessages.titlesShared)] };

  async function movieOr404(id: number): Promise<AdminMovie> {
    const movie = await findAdminMovie(db, id, now());
    if (!movie) throw new AdminHttpError(404, text.movieNotFound);
    return movie;
  }

  api.get('/movies', staff, async (req) => {
    const query = parseInput(listQuery, req.query);
    return listAdminMovies(
      db,
      {
        q: query.q || undefined,
        status: query.status || undefined,
        categoryId: query.categoryId || undefined,
        access: query.access || undefined,
        sort: query.sort || undefined,
        page: query.page,
      },
      now(),
    );
  });

  api.get('/movies/options', staff, async () => movieOptions(db));

  api.post('/movies', change, async (req, reply) => {
    const input: MovieCreate = parseInput(createBody, req.body);
    await ensurePlaceholderPoster(config.MEDIA_DIR);
    const id = await db.tx((q) => createMovie(q, auditOf(req), input, now()));
    return reply.code(201).send(await movieOr404(id));
  });

  api.post('/movies/status', change, async (req): Promise<MovieStatusResult> => {
    const time = now();
    const { items } = parseInput(statusBody(time), req.body);
    return { before: await db.tx((q) => setStatuses(q, auditOf(req), items, time)) };
  });

  api.get('/movies/:id', staff, async (req) => movieOr404(idOf(req)));

  api.patch('/movies/:id', change, async (req) => {
    const id = idOf(req);
    const time = now();
    const patch = parseInput(patchBody(time), req.body);
    const found = await db.tx((q) => patchMovie(q, auditOf(req), id, patch, time));
    if (!found) throw new AdminHttpError(404, text.movieNotFound);
    return movieOr404(id);
  });

  api.delete('/movies/:id', change, async (req, reply) => {
    const poster = await db.tx((q) => deleteMovie(q, auditOf(req), idOf(req)));
    await removeUnusedPoster(db, config.MEDIA_DIR, poster);
    return reply.code(204).send();
  });

  api.patch('/episodes/:id', change, async (req) => {
    const id = idOf(req);
    const patch = parseInput(episodeBody, req.body);
    const movieId = await db.tx((q) => patchEpisode(q, auditOf(req), id, patch, now()));
    return movieOr404(movieId);
  });

  api.delete('/episodes/:id', change, async (req) => {
    const id = idOf(req);
    const movieId = await db.tx((q) => deleteEpisode(q, auditOf(req), id, now()));
    return movieOr404(movieId);
  });

  api.post('/movies/:id/poster', { ...change, bodyLimit: POSTER_BODY_LIMIT }, async (req) => {
    const id = idOf(req);
    const input = parseInput(posterBody, req.body);
    const image = decodeImage(input.image);
    const exists = await db.one('SELECT 1 FROM movies WHERE id = $1', [id]);
    if (!exists) throw new AdminHttpError(404, text.movieNotFound);
    const key = await writePoster(config.MEDIA_DIR, id, image, input.crop);
    const old = await db.tx(async (q) => {
      const row = await q.one<{ poster: string }>('SELECT poster FROM movies WHERE id = $1 FOR UPDATE', [id]);
      if (!row) throw new AdminHttpError(404, text.movieNotFound);
      if (row.poster === key) return null;
      await q.query('UPDATE movies SET poster = $2, updated_at = $3 WHERE id = $1', [id, key, new Date(now())]);
      await audit(q, {
        ...auditOf(req),
        action: 'movie.poster',
        targetType: 'movie',
        targetId: id,
        before: { poster: row.poster },
        after: { poster: key, crop: input.crop },
      });
      return row.poster;
    });
    if (old) await removeUnusedPoster(db, config.MEDIA_DIR, old);
    return movieOr404(id);
  });
};
