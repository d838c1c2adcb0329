/**
 * The batch upload's plan, pure: which chosen file becomes which episode of a title, before anything
 * is sent.
 *
 * - A file is a video by its type, else its extension (MP4, MOV, WebM, MKV: what the server takes);
 *   any other file, an empty one or one over the size limit is refused with the reason in words.
 * - Its episode number comes from its name: 第01集 / 第十二话, S01E03, EP02 / E05 / Episode 7, [03]
 *   / 【03】, else a bare number (03.mp4, 某剧 12.mkv; the last such number when several). Not episode
 *   numbers: 1080p, 4K, x264, H.265, 5.1, 10bit, 第2季, dates and years (1900-2099), " (1)" copies.
 *   The name is read without its folders, invisible marks (bidi, zero widths) and full-width forms.
 * - Numbered files take their numbers in order; a number two files share goes to the first by name,
 *   the other one is appended, as are the files without a number, in name order, after the last
 *   episode (the title's or the batch's, whichever is higher).
 * - A file whose episode has a video already (or one being made) is a conflict: skipped unless the
 *   operator chooses to replace it.
 * The operator then fixes numbers or drops files; `checkRows` reads the edited rows again.
 */
import { INGEST_VIDEO_MIME_TYPES, type IngestVideoMime } from '../../../contract/admin/ingest.ts';
import { VIDEO_MAX_BYTES } from '../../../contract/calls/publish-limits.ts';
import { cleanFileName } from '../../../contract/file-name.ts';

/** The highest episode number the console's calls take (a renumber's limit). */
export const MAX_EPISODE_NUMBER = 9999;
/** A title's longest episode title (the server's limit). */
export const MAX_TITLE_CHARS = 100;
/** The upload's name the server keeps: at most this many characters. */
const MAX_UPLOAD_NAME = 200;
/** Names longer than this are read at both ends only (a file system keeps 255 bytes; this is a guard). */
const READ_CHARS = 300;

export interface BatchFileLike {
  name: string;
  type: string;
  size: number;
}

export interface ExistingEpisode {
  id: number;
  number: number;
  title: string;
  hasVideo: boolean;
  state: 'waiting' | 'processing' | 'ready' | 'failed';
}

export type Refusal = 'notVideo' | 'format' | 'empty' | 'tooLarge';

const BY_EXTENSION: Record<string, IngestVideoMime> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
};
/** Extensions of videos the server does not take (refused as 格式不支持, not as 不是视频). */
const OTHER_VIDEO = new Set([
  'avi',
  'wmv',
  'flv',
  'rmvb',
  'rm',
  'ts',
  'mts',
  'm2ts',
  'mpg',
  'mpeg',
  '3gp',
  'vob',
  'f4v',
]);

/** The name without folders (either slash) and invisible marks. */
export function baseName(name: string): string {
  const parts = name.split(/[/\\]/);
  return cleanFileName(parts[parts.length - 1] ?? '');
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The mime the server takes for a file (by its type, else its extension), or null. */
export function videoMimeOf(file: { name: string; type: string }): IngestVideoMime | null {
  if ((INGEST_VIDEO_MIME_TYPES as readonly string[]).includes(file.type)) return file.type as IngestVideoMime;
  return BY_EXTENSION[extensionOf(baseName(file.name))] ?? null;
}

/** Why a file cannot be uploaded as an episode, or null when it can. */
export function refusalOf(file: BatchFileLike): Refusal | null {
  const type = file.type.toLowerCase();
  const ext = extensionOf(baseName(file.name));
  // A type the browser knows and that is not a video wins over a video's extension (a picture named .mp4).
  const typed = type !== '' && type !== 'application/octet-stream';
  if (typed && !type.startsWith('video/')) return 'notVideo';
  if (!videoMimeOf(file)) return type.startsWith('video/') || OTHER_VIDEO.has(ext) ? 'format' : 'notVideo';
  if (file.size <= 0) return 'empty';
  if (file.size > VIDEO_MAX_BYTES) return 'tooLarge';
  return null;
}

/** The name as the upload sends it: no folders, marks, control characters or "..", at most 200 characters. */
export function uploadNameOf(name: string): string {
  const plain = baseName(name)
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/\.{2,}/g, '.');
  const chars = Array.from(plain);
  let kept = chars.length > MAX_UPLOAD_NAME ? chars.slice(0, MAX_UPLOAD_NAME).join('') : plain;
  kept = kept.trim();
  return kept === '' || /^\.+$/.test(kept) ? 'video' : kept;
}

const CJK_DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const CJK_UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

/** 十二 → 12, 一百零五 → 105, 二十 → 20; null for what is not such a numeral. */
export function chineseNumeral(text: string): number | null {
  let total = 0;
  let digit = -1;
  for (const char of text) {
    if (char in CJK_DIGITS) {
      digit = CJK_DIGITS[char]!;
    } else if (char in CJK_UNITS) {
      total += (digit === -1 ? 1 : digit) * CJK_UNITS[char]!;
      digit = -1;
    } else {
      return null;
    }
  }
  if (digit > 0) total += digit;
  return total > 0 ? total : null;
}

const asEpisode = (value: number | null): number | null =>
  value !== null && Number.isInteger(value) && value >= 1 && value <= MAX_EPISODE_NUMBER ? value : null;
const isYear = (digits: string) => digits.length === 4 && /^(19|20)\d\d$/.test(digits);

/** The part of a name read for its number: no folders, marks, extension or full-width forms, bounded. */
function readable(name: string): string {
  const base = baseName(name).normalize('NFKC');
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 && /^[a-z0-9]{1,5}$/i.test(base.slice(dot + 1)) ? base.slice(0, dot) : base;
  const chars = Array.from(stem);
  return chars.length > READ_CHARS
    ? `${chars.slice(0, READ_CHARS / 2).join('')} ${chars.slice(-READ_CHARS / 2).join('')}`
    : stem;
}

/** Numbers an episode mark names, strongest first; each answers the number or null. */
const MARKED: Array<(stem: string) => number | null> = [
  // 第01集, 第 12 话, 第3期, 第1回
  (stem) => digitsOf(/第\s?(\d{1,5})\s?[集话話期回]/.exec(stem)),
  // 第十二集, 第一百零五话
  (stem) => {
    const match = /第\s?([零〇一二两三四五六七八九十百千]{1,8})\s?[集话話期回]/.exec(stem);
    return match ? asEpisode(chineseNumeral(match[1]!)) : null;
  },
  // S01E03, S1 E3, S01.E03, Season 1 Episode 3
  (stem) => digitsOf(/(?<![a-z])s(?:eason)?[\s._-]?\d{1,3}[\s._-]?e(?:p|pisode)?[\s._-]?(\d{1,5})(?!\d)/i.exec(stem)),
  // EP02, Ep.2, E05, Episode 7 (not inside a word: HEVC, WEB-DL)
  (stem) => digitsOf(/(?<![a-z])(?:episode|ep|e)[\s._#-]?(\d{1,5})(?!\d)/i.exec(stem)),
  // [03], 【03】, [03v2]; not [2024]
  (stem) => {
    const match = /[[【]\s?(\d{1,4})(?:v\d)?\s?[\]】]/.exec(stem);
    return match && !isYear(match[1]!) ? digitsOf(match) : null;
  },
];

function digitsOf(match: RegExpExecArray | null): number | null {
  return match ? asEpisode(Number(match[1])) : null;
}

/** The episode number a file's name carries, or null. */
export function episodeNumberOf(name: string): number | null {
  const stem = readable(name);
  for (const read of MARKED) {
    const found = read(stem);
    if (found !== null) return found;
  }
  return bareNumberOf(stem);
}

/** The last number standing alone in a name: not part of a word (1080p, x264), a decimal, a date, a season. */
function bareNumberOf(stem: string): number | null {
  const plain = stem
    .replace(/\d{4}[-./年]\d{1,2}[-./月]\d{1,2}(?!\d)日?/g, ' ') // dates
    .replace(/\s[(（]\d{1,3}[)）]$/, ' ') // " (1)": a copy's mark
    .replace(/第\s?\d+\s?[季部]/g, ' ') // a season, a part
    .replace(/\d+\s?[×xX*]\s?\d+/g, ' ') // 1920x1080
    .replace(/[hx]\.?26[45]/gi, ' ') // H.264, x265
    .replace(/(?<!\d)\d\.\d(?!\d)/g, ' '); // 5.1, 2.0
  let found: number | null = null;
  for (const match of plain.matchAll(/\d+/g)) {
    const digits = match[0];
    const before = plain[match.index - 1] ?? '';
    const after = plain[match.index + digits.length] ?? '';
    if (/[a-z]/i.test(before) || /[a-z]/i.test(after)) continue; // 1080p, x264, 4K, 10bit
    if (/[季部年月日号帧倍]/.test(after)) continue;
    if (digits.length > 4 || isYear(digits)) continue;
    const value = asEpisode(Number(digits));
    if (value !== null) found = value;
  }
  return found;
}

const collator = new Intl.Collator('zh-Hans-CN', { numeric: true, sensitivity: 'base' });
/** Names in natural order (2 before 10), as a file manager lists them. */
export const byName = (a: string, b: string): number => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

export interface PlanRow {
  /** The file's index in the choice. */
  key: number;
  /** The name as shown: no folders or invisible marks. */
  name: string;
  /** The number its name carries, if any. */
  parsed: number | null;
  /** Why it did not get `parsed`: none in its name, or another file has it. */
  note: 'noNumber' | 'duplicate' | null;
  /** The episode number, as the operator may edit it. */
  number: string;
  /** A new episode's title (an existing episode keeps its own). */
  title: string;
  /** For a conflict: replace the episode's video, or skip the file (the default). */
  replace: boolean;
}

export interface RefusedFile {
  key: number;
  name: string;
  reason: Refusal;
}

export interface BatchPlan {
  rows: PlanRow[];
  refused: RefusedFile[];
}

/** The first plan of a choice of files for a title with `existing` episodes. */
export function planBatch(files: readonly BatchFileLike[], existing: readonly ExistingEpisode[]): BatchPlan {
  const refused: RefusedFile[] = [];
  const accepted: Array<{ key: number; name: string; parsed: number | null }> = [];
  files.forEach((file, key) => {
    const name = baseName(file.name) || file.name;
    const reason = refusalOf(file);
    if (reason) refused.push({ key, name, reason });
    else accepted.push({ key, name, parsed: episodeNumberOf(file.name) });
  });
  accepted.sort((a, b) => byName(a.name, b.name) || a.key - b.key);
  const taken = new Set<number>();
  const rows: PlanRow[] = [];
  const later: typeof accepted = [];
  for (const file of [...accepted].sort((a, b) => (a.parsed ?? Infinity) - (b.parsed ?? Infinity))) {
    if (file.parsed === null || taken.has(file.parsed)) {
      later.push(file);
      continue;
    }
    taken.add(file.parsed);
    rows.push({
      key: file.key,
      name: file.name,
      parsed: file.parsed,
      note: null,
      number: String(file.parsed),
      title: '',
      replace: false,
    });
  }
  let last = Math.max(0, ...existing.map((episode) => episode.number), ...taken);
  later.sort((a, b) => byName(a.name, b.name) || a.key - b.key);
  for (const file of later) {
    last += 1;
    const note = file.parsed === null ? 'noNumber' : 'duplicate';
    rows.push({
      key: file.key,
      name: file.name,
      parsed: file.parsed,
      note,
      number: String(last),
      title: '',
      replace: false,
    });
  }
  return { rows, refused };
}

export type RowProblem = 'badNumber' | 'duplicate';

export interface RowCheck {
  /** The number read from the row, when it is one. */
  number: number | null;
  problem: RowProblem | null;
  /** The title's episode of that number, if there is one. */
  episode: ExistingEpisode | null;
  /** That episode has a video (or one being made): replace or skip. */
  conflict: boolean;
  /** What the row will do: create an episode, give one its video, or nothing. */
  action: 'create' | 'attach' | 'skip';
}

/** Reads edited rows against the title's episodes: each row's number, problem, episode and action. */
export function checkRows(rows: readonly PlanRow[], existing: readonly ExistingEpisode[]): RowCheck[] {
  const numbers = rows.map((row) => {
    const text = row.number.normalize('NFKC').trim();
    return /^\d{1,4}$/.test(text) ? asEpisode(Number(text)) : null;
  });
  const counts = new Map<number, number>();
  for (const number of numbers) if (number !== null) counts.set(number, (counts.get(number) ?? 0) + 1);
  return rows.map((row, index) => {
    const number = numbers[index]!;
    const episode = number === null ? null : (existing.find((e) => e.number === number) ?? null);
    const conflict = episode !== null && (episode.hasVideo || episode.state === 'processing');
    const problem: RowProblem | null =
      number === null ? 'badNumber' : (counts.get(number) ?? 0) > 1 ? 'duplicate' : null;
    const action = conflict && !row.replace ? 'skip' : episode ? 'attach' : 'create';
    return { number, problem, episode, conflict, action };
  });
}

/** One upload of a started batch. */
export interface BatchTask {
  key: number;
  name: string;
  number: number;
  /** A new episode's title, cut to the server's limit. */
  title: string;
  /** The episode to give the video to; null: a new episode. */
  episodeId: number | null;
}

/** The uploads of checked rows, by episode number; null while a row has a problem. */
export function tasksOf(rows: readonly PlanRow[], checks: readonly RowCheck[]): BatchTask[] | null {
  if (checks.some((check) => check.problem !== null)) return null;
  return rows
    .map((row, index) => ({ row, check: checks[index]! }))
    .filter(({ check }) => check.action !== 'skip')
    .map(({ row, check }) => ({
      key: row.key,
      name: row.name,
      number: check.number!,
      title: Array.from(row.title.trim()).slice(0, MAX_TITLE_CHARS).join(''),
      episodeId: check.episode?.id ?? null,
    }))
    .sort((a, b) => a.number - b.number);
}
