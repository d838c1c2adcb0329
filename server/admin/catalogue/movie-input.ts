/**
 * The catalogue calls' input schemas (zod): each field's own rule with a message naming it, so
 * parseInput answers 400 with the field and a sentence an operator can act on. Rules over several
 * fields (price against access, outro after intro, publishing needs a ready episode) are checked
 * against the stored title in movie-writes.ts. Unknown keys are refused, so a misspelt field is
 * never silently ignored.
 */
import { z } from 'zod';
import { MOVIE_LIMITS as L, MOVIE_SORTS, MOVIE_STATUSES, SHOWN_STATUSES } from '../../../contract/admin/catalogue.ts';
import { isStorableText } from '../../../contract/calls/publish-limits.ts';
import { catalogueMessages as text } from './catalogue-messages.ts';

const YEAR_MS = 366 * 24 * 3600_000;
const EARLIEST = Date.UTC(2000, 0, 1);

const textField = (min: number, max: number, message: string) =>
  z.string({ message }).trim().min(min, { message }).max(max, { message }).refine(isStorableText, { message });

const intField = (min: number, max: number, message: string) =>
  z.number({ message }).int({ message }).min(min, { message }).max(max, { message });

const people = (max: number) =>
  z
    .array(textField(1, L.personName, text.people(max)), { message: text.people(max) })
    .max(max, { message: text.people(max) })
    .transform((names) => [...new Set(names)]);

/** 评分: 0-10 with at most one decimal (8.5, not 8.55); stored as tenths (movies.score_tenths). */
const score = z
  .number({ message: text.score })
  .min(0, { message: text.score })
  .max(L.scoreMax, { message: text.score })
  .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6, { message: text.score })
  .transform((value) => Math.round(value * 10) / 10);

const access = z.enum(['free', 'vip', 'coins'], { message: text.access });

export const idParam = (value: unknown): number | null => {
  const id = typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id <= 2 ** 31 - 1 ? id : null;
};

export const listQuery = z.object({
  q: z.string().trim().max(L.title, { message: text.title }).optional(),
  status: z.enum(SHOWN_STATUSES, { message: text.status }).or(z.literal('')).optional(),
  categoryId: z.coerce.number({ message: text.category }).int().positive().or(z.literal('')).optional(),
  access: access.or(z.literal('')).optional(),
  sort: z.enum(MOVIE_SORTS, { message: text.sort }).or(z.literal('')).optional(),
  page: z.coerce.number({ message: text.id }).int().min(1).max(100_000).optional(),
});

export const createBody = z.strictObject({
  title: textField(1, L.title, text.title),
  categoryId: intField(1, 2 ** 31 - 1, text.category),
});

export function patchBody(now: number) {
  const maxYear = new Date(now).getUTCFullYear() + 5;
  return z
    .strictObject({
      title: textField(1, L.title, text.title),
      description: textField(0, L.description, text.description),
      categoryId: intField(1, 2 ** 31 - 1, text.category),
      tagIds: z
        .array(intField(1, 2 ** 31 - 1, text.tagIds), { message: text.tagIds })
        .max(L.tagIds, { message: text.tagIds })
        .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
      region: textField(0, L.region, text.region),
      year: intField(L.yearMin, maxYear, text.year(maxYear)),
      castNames: people(L.castNames),
      directors: people(L.directors),
      access,
      priceCoins: intField(0, L.priceCoinsMax, text.priceCoins),
      trialS: intField(0, L.trialSMax, text.trialS),
      durationS: intField(0, L.durationSMax, text.durationS),
      introEndS: intField(1, L.introEndSMax, text.introEndS).nullable(),
      outroStartS: intField(1, L.outroStartSMax, text.outroStartS).nullable(),
      finished: z.boolean({ message: text.finished }),
      remarks: textField(0, L.remarks, text.remarks),
      alias: textField(0, L.alias, text.alias),
      language: textField(0, L.language, text.language),
      score: score.nullable(),
      totalEpisodes: intField(1, L.totalEpisodesMax, text.totalEpisodes).nullable(),
      status: z.enum(MOVIE_STATUSES, { message: text.status }),
      publishedAt: intField(EARLIEST, now + YEAR_MS, text.publishedAt),
    })
    .partial()
    .refine((value) => Object.keys(value).length > 0, { message: text.nothingToChange });
}

/** POST /movies/status: 1-MOVIE_LIMITS.bulk titles, each once, with the publication to set. */
export function statusBody(now: number) {
  return z.strictObject({
    items: z
      .array(
        z.strictObject({
          id: intField(1, 2 ** 31 - 1, text.id),
          status: z.enum(MOVIE_STATUSES, { message: text.status }),
          publishedAt: intField(EARLIEST, now + YEAR_MS, text.publishedAt).optional(),
        }),
        { message: text.bulkItems },
      )
      .min(1, { message: text.bulkItems })
      .max(L.bulk, { message: text.bulkItems })
      .refine((items) => new Set(items.map((item) => item.id)).size === items.length, { message: text.bulkItems }),
  });
}

export const episodeBody = z
  .strictObject({
    number: intField(1, L.episodeNumberMax, text.episodeNumber),
    title: textField(0, L.episodeTitle, text.episodeTitle),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: text.nothingToChange });

export const cropRect = z.strictObject({
  x: intField(0, 100_000, text.crop),
  y: intField(0, 100_000, text.crop),
  width: intField(1, 100_000, text.crop),
  height: intField(1, 100_000, text.crop),
});

export const posterBody = z.strictObject({
  image: z.string({ message: text.image }).min(1, { message: text.image }),
  crop: cropRect,
});
