/**
 * The editor's form: a title's fields as the inputs hold them (strings), and the PATCH of what the
 * operator changed. Marks typed as m:ss, and a 评分 or 总集数 (which may be left empty), that cannot
 * be read are caught here, named like the server names fields, so every error shows beside its
 * field the same way.
 */
import type { AdminMovie, MoviePatch } from '../../../contract/admin/catalogue.ts';
import type { MovieAccess } from '../../../contract/calls/content.ts';
import { formatMark, parseMark, splitNames } from './catalogue-format.ts';
import { catalogueMessages as text } from './catalogue-messages.ts';

export interface EditorForm {
  title: string;
  description: string;
  region: string;
  year: string;
  categoryId: string;
  tagIds: number[];
  castNames: string;
  directors: string;
  access: MovieAccess;
  priceCoins: string;
  trialS: string;
  /** h:mm:ss or m:ss; empty: none yet (the cards show no length). */
  durationS: string;
  introEndS: string;
  outroStartS: string;
  finished: boolean;
  remarks: string;
  alias: string;
  language: string;
  /** 0-10 with one decimal; empty: not rated. */
  score: string;
  /** Empty: not known. */
  totalEpisodes: string;
}

export interface FieldError {
  field: string;
  message: string;
}

export const formOf = (movie: AdminMovie): EditorForm => ({
  title: movie.title,
  description: movie.description,
  region: movie.region,
  year: String(movie.year),
  categoryId: String(movie.categoryId),
  tagIds: movie.tags.map((tag) => tag.id).sort((a, b) => a - b),
  castNames: movie.castNames.join('、'),
  directors: movie.directors.join('、'),
  access: movie.access,
  priceCoins: String(movie.priceCoins),
  trialS: String(movie.trialS),
  durationS: movie.durationS > 0 ? formatMark(movie.durationS) : '',
  introEndS: formatMark(movie.introEndS),
  outroStartS: formatMark(movie.outroStartS),
  finished: movie.finished,
  remarks: movie.remarks,
  alias: movie.alias,
  language: movie.language,
  score: movie.score === null ? '' : movie.score.toFixed(1),
  totalEpisodes: movie.totalEpisodes === null ? '' : String(movie.totalEpisodes),
});

/** A number typed in a box; NaN when it is not a whole number (the server names the field). */
const whole = (value: string): number => (/^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN);

/** A box that may stay empty (null); undefined when what is typed is not a number (0.5, 12). */
const optionalNumber = (value: string, pattern: RegExp): number | null | undefined => {
  const typed = value.trim();
  if (typed === '') return null;
  return pattern.test(typed) ? Number(typed) : undefined;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The form after the stored title changed under it (an episode's ladder set its 时长, another panel
 * saved): each field the operator has not edited takes the new value, each edited one stays.
 */
export function rebaseForm(form: EditorForm, before: AdminMovie, after: AdminMovie): EditorForm {
  const was = formOf(before);
  const now = formOf(after);
  const next: Record<string, unknown> = { ...form };
  for (const key of Object.keys(form) as Array<keyof EditorForm>) {
    if (same(form[key], was[key])) next[key] = now[key];
  }
  return next as unknown as EditorForm;
}

/** The fields that differ from the stored title, or the first mark that cannot be read. */
export function patchOf(form: EditorForm, movie: AdminMovie): { patch: MoviePatch } | { error: FieldError } {
  const durationS = parseMark(form.durationS);
  if (durationS === undefined) return { error: { field: 'durationS', message: text.badTime } };
  const introEndS = parseMark(form.introEndS);
  if (introEndS === undefined) return { error: { field: 'introEndS', message: text.badTime } };
  const outroStartS = parseMark(form.outroStartS);
  if (outroStartS === undefined) return { error: { field: 'outroStartS', message: text.badTime } };
  const score = optionalNumber(form.score, /^\d{1,2}(\.\d+)?$/);
  if (score === undefined) return { error: { field: 'score', message: text.badScore } };
  const totalEpisodes = optionalNumber(form.totalEpisodes, /^\d{1,6}$/);
  if (totalEpisodes === undefined) return { error: { field: 'totalEpisodes', message: text.badTotal } };
  const next: Required<Omit<MoviePatch, 'status' | 'publishedAt'>> = {
    title: form.title.trim(),
    description: form.description.trim(),
    region: form.region.trim(),
    year: whole(form.year),
    categoryId: Number(form.categoryId),
    tagIds: [...form.tagIds].sort((a, b) => a - b),
    castNames: splitNames(form.castNames),
    directors: splitNames(form.directors),
    access: form.access,
    priceCoins: form.access === 'coins' ? whole(form.priceCoins) : 0,
    trialS: whole(form.trialS),
    durationS: durationS ?? 0,
    introEndS,
    outroStartS,
    finished: form.finished,
    remarks: form.remarks.trim(),
    alias: form.alias.trim(),
    language: form.language.trim(),
    score,
    totalEpisodes,
  };
  const stored: typeof next = {
    title: movie.title,
    description: movie.description,
    region: movie.region,
    year: movie.year,
    categoryId: movie.categoryId,
    tagIds: movie.tags.map((tag) => tag.id).sort((a, b) => a - b),
    castNames: movie.castNames,
    directors: movie.directors,
    access: movie.access,
    priceCoins: movie.priceCoins,
    trialS: movie.trialS,
    durationS: movie.durationS,
    introEndS: movie.introEndS,
    outroStartS: movie.outroStartS,
    finished: movie.finished,
    remarks: movie.remarks,
    alias: movie.alias,
    language: movie.language,
    score: movie.score,
    totalEpisodes: movie.totalEpisodes,
  };
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(next) as Array<keyof typeof next>) {
    // NaN is sent as null so the server names the field.
    const value = typeof next[key] === 'number' && Number.isNaN(next[key]) ? null : next[key];
    if (!same(value, stored[key])) patch[key] = value;
  }
  return { patch: patch as MoviePatch };
}
