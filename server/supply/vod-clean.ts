/**
 * A MacCMS v10 answer (JSON or XML, docs/collection.md) read into tidy items. Real feeds are untidy:
 * numbers come as strings, vod_content holds HTML, fields are empty, play sources lack their URLs,
 * episodes repeat, URLs are http or not URLs at all. Everything here is pure: what cannot be a
 * MacCMS page throws NotVodData, and what is unusable in an item is dropped with a count, so the
 * writer (collect-item.ts) only sees values that fit the title's columns (MOVIE_LIMITS).
 */
import { XMLParser } from 'fast-xml-parser';
import { MOVIE_LIMITS as L } from '../../contract/admin/catalogue.ts';

/** The answer is no MacCMS page (HTML, truncated JSON, another shape). */
export class NotVodData extends Error {
  override name = 'NotVodData';
}

/** The source answered code != 1 (its own refusal: a wrong key, a bad parameter …). */
export class VodRefused extends Error {
  override name = 'VodRefused';
}

export interface VodEpisode {
  /** 1, 2 … in the source's order, after dropped lines. */
  number: number;
  /** The line's name ('第01集', 'HD'), '' when it gave none. */
  title: string;
  url: string;
}

export interface VodPlaySource {
  /** vod_play_from's part (e.g. 'ffm3u8'); 'line<N>' when the source named none. */
  flag: string;
  episodes: VodEpisode[];
}

export interface VodEntry {
  vodId: string;
  name: string;
  typeId: number | null;
  typeName: string;
  /** vod_time as given ('YYYY-MM-DD HH:mm:ss'), '' when none: what tells an unchanged item. */
  time: string;
  remarks: string;
  pic: string;
  actors: string[];
  directors: string[];
  /** vod_content as plain text. */
  content: string;
  area: string;
  lang: string;
  year: number | null;
  /** 0.0-10.0, null when none (0 is read as none: feeds write 0.0 for "not rated"). */
  score: number | null;
  alias: string;
  total: number | null;
  /** vod_isend; null when the source does not say. */
  finished: boolean | null;
  /** Raw play sources (URLs not yet checked: the writer keeps the https ones). */
  sources: { flag: string; lines: { title: string; url: string }[] }[];
}

export interface VodListPage {
  page: number;
  pageCount: number;
  total: number;
  items: VodEntry[];
  classes: { typeId: number; typeName: string }[];
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  middot: '·',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  laquo: '«',
  raquo: '»',
  times: '×',
  copy: '©',
  reg: '®',
  emsp: ' ',
  ensp: ' ',
  thinsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Characters a title's text never keeps: controls (but tab and newline), and zero-width marks. */
const UNWANTED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b-\u200f\u2028\u2029\ufeff]/g;

const stripTags = (html: string): string =>
  html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6])\s*>/gi, '\n')
    .replace(/<\/?[a-z!][^>]*>/gi, '');

/** HTML (or text with entities) as plain text: tags gone, entities decoded, blank lines and runs of space tidied. */
export function plainText(html: string): string {
  let text = decodeEntities(stripTags(html));
  // Feeds that escape their HTML once more (&lt;p&gt;) show tags only after decoding.
  if (/<\/?[a-z][^>]*>/i.test(text)) text = decodeEntities(stripTags(text));
  return text
    .replace(/\r\n?/g, '\n')
    .replace(UNWANTED, '')
    .split('\n')
    .map((line) => line.replace(/[ \t\u3000\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** One line of text (names, remarks): plain, on one line, cut to `max` characters. */
export function oneLine(value: unknown, max: number): string {
  const text = plainText(str(value)).replace(/\s+/g, ' ');
  return [...text].slice(0, max).join('');
}

/** A value as text whatever the feed made of it (numbers, null, a CDATA object). */
function str(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && '#text' in value) return str((value as { '#text': unknown })['#text']);
  return '';
}

/** A whole number from a number or a numeric string, else null. */
function int(value: unknown): number | null {
  const text = str(value).trim();
  if (!/^-?\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/** Names split on , / 、 ， and spaces between Chinese names are kept (a name may hold a space). */
function people(value: unknown, max: number): string[] {
  const names = oneLine(value, 2000)
    .split(/[,，、/|;；]+/)
    .map((name) => [...name.trim()].slice(0, L.personName).join(''))
    .filter((name) => name !== '' && name !== '未知' && name !== '内详');
  return [...new Set(names)].slice(0, max);
}

function year(value: unknown): number | null {
  const match = /(\d{4})/.exec(str(value));
  const n = match ? Number(match[1]) : NaN;
  return n >= L.yearMin && n <= new Date().getUTCFullYear() + 5 ? n : null;
}

function score(value: unknown): number | null {
  const n = Number.parseFloat(str(value));
  if (!Number.isFinite(n) || n <= 0) return null;
  return Math.round(Math.min(n, L.scoreMax) * 10) / 10;
}

function finished(value: unknown): boolean | null {
  const n = int(value);
  return n === null ? null : n !== 0;
}

/** A play source's episode lines: `name$url` joined by `#` (older feeds: by line breaks). */
function lines(text: string): { title: string; url: string }[] {
  return text
    .split(/#|\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const parts = line.split('$');
      // `url` alone, `name$url`, or `name$url$flag` (some feeds add the flag again).
      if (parts.length === 1) return { title: '', url: parts[0]!.trim() };
      return { title: oneLine(parts[0], L.episodeTitle), url: parts[1]!.trim() };
    })
    .filter((line) => line.url !== '');
}

/**
 * `$$$`-joined flags and URL lists paired in order; URL lists without a flag are named `line<N>`,
 * flags without a URL list are dropped (nothing plays from them).
 */
function sources(from: string, urls: string[]): VodEntry['sources'] {
  const flags = from.split('$$$').map((flag) => oneLine(flag, 40));
  return urls.flatMap((list, i) => {
    const parsed = lines(list);
    return parsed.length === 0 ? [] : [{ flag: flags[i] || `line${i + 1}`, lines: parsed }];
  });
}

function jsonEntry(raw: Record<string, unknown>): VodEntry {
  const urls = str(raw.vod_play_url);
  return {
    vodId: oneLine(raw.vod_id, 64),
    name: oneLine(raw.vod_name, L.title),
    typeId: int(raw.type_id),
    typeName: oneLine(raw.type_name, 40),
    time: oneLine(raw.vod_time, 32),
    remarks: oneLine(raw.vod_remarks, L.remarks),
    pic: oneLine(raw.vod_pic, 2000),
    actors: people(raw.vod_actor, L.castNames),
    directors: people(raw.vod_director, L.directors),
    content: [...plainText(str(raw.vod_content) || str(raw.vod_blurb))].slice(0, L.description).join(''),
    area: oneLine(raw.vod_area, L.region),
    lang: oneLine(raw.vod_lang, L.language),
    year: year(raw.vod_year),
    score: score(raw.vod_score),
    alias: oneLine(raw.vod_sub, L.alias),
    total: ((n) => (n !== null && n >= 1 && n <= L.totalEpisodesMax ? n : null))(int(raw.vod_total)),
    finished: finished(raw.vod_isend),
    sources: urls === '' ? [] : sources(str(raw.vod_play_from), urls.split('$$$')),
  };
}

/** Parses a JSON answer; throws NotVodData or VodRefused. */
export function parseVodJson(text: string): VodListPage {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\ufeff/, ''));
  } catch {
    throw new NotVodData('not JSON');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new NotVodData('not an object');
  const page = data as Record<string, unknown>;
  if (int(page.code) !== 1) {
    if (page.code === undefined) throw new NotVodData('no code');
    throw new VodRefused(oneLine(page.msg, 100));
  }
  if (page.list !== undefined && !Array.isArray(page.list)) throw new NotVodData('list is not an array');
  const list = (page.list ?? []) as unknown[];
  const classes = Array.isArray(page.class) ? (page.class as unknown[]) : [];
  return {
    page: int(page.page) ?? 1,
    pageCount: Math.max(0, int(page.pagecount) ?? 0),
    total: Math.max(0, int(page.total) ?? list.length),
    items: list
      .filter((raw): raw is Record<string, unknown> => typeof raw === 'object' && raw !== null)
      .map(jsonEntry)
      .filter((entry) => entry.vodId !== ''),
    classes: classes.flatMap((raw) => {
      const c = raw as Record<string, unknown>;
      const typeId = int(c?.type_id);
      return typeId === null ? [] : [{ typeId, typeName: oneLine(c.type_name, 40) }];
    }),
  };
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ['video', 'dd', 'ty'].includes(name),
});

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function xmlEntry(video: Record<string, unknown>): VodEntry {
  const dds = (asObject(video.dl).dd ?? []) as unknown[];
  const flags = dds.map((dd) => str(asObject(dd)['@_flag']));
  const urls = dds.map((dd) => str(dd));
  // The XML names its state (连载 episodes) and note (备注); it has no score, total or isend.
  return jsonEntry({
    vod_id: video.id,
    vod_name: video.name,
    type_id: video.tid,
    type_name: video.type,
    vod_time: video.last,
    vod_remarks: video.note,
    vod_pic: video.pic,
    vod_actor: video.actor,
    vod_director: video.director,
    vod_content: video.des,
    vod_area: video.area,
    vod_lang: video.lang,
    vod_year: video.year,
    vod_play_from: flags.join('$$$'),
    vod_play_url: urls.join('$$$'),
  });
}

/** Parses an XML answer (`<rss version="5.1">`); throws NotVodData or VodRefused. */
export function parseVodXml(text: string): VodListPage {
  let doc: Record<string, unknown>;
  try {
    doc = asObject(xml.parse(text.replace(/^\ufeff/, ''), true));
  } catch {
    throw new NotVodData('not XML');
  }
  const rss = asObject(doc.rss);
  if (rss.error !== undefined) throw new VodRefused(oneLine(rss.error, 100));
  if (rss.list === undefined) throw new NotVodData('no rss/list');
  const list = asObject(rss.list);
  const videos = ((list.video ?? []) as unknown[]).map(asObject);
  const tys = (asObject(rss.class).ty ?? []) as unknown[];
  return {
    page: int(list['@_page']) ?? 1,
    pageCount: Math.max(0, int(list['@_pagecount']) ?? 0),
    total: Math.max(0, int(list['@_recordcount']) ?? videos.length),
    items: videos.map(xmlEntry).filter((entry) => entry.vodId !== ''),
    classes: tys.flatMap((ty) => {
      const typeId = int(asObject(ty)['@_id']);
      return typeId === null ? [] : [{ typeId, typeName: oneLine(ty, 40) }];
    }),
  };
}

/**
 * A play source's episodes that a viewer can play: only URLs `keep` allows (https, a public host),
 * numbered in order, a URL or a name given before dropped. Answers the dropped count too.
 */
export function playable(
  raw: VodEntry['sources'],
  keep: (url: string) => boolean,
): { sources: VodPlaySource[]; dropped: number } {
  let dropped = 0;
  const seenFlags = new Set<string>();
  const out: VodPlaySource[] = [];
  for (const source of raw) {
    if (seenFlags.has(source.flag)) continue;
    const urls = new Set<string>();
    const names = new Set<string>();
    const episodes: VodEpisode[] = [];
    for (const line of source.lines) {
      if (!keep(line.url) || line.url.length > 2000) {
        dropped += 1;
        continue;
      }
      if (urls.has(line.url) || (line.title !== '' && names.has(line.title))) continue;
      urls.add(line.url);
      if (line.title !== '') names.add(line.title);
      if (episodes.length >= L.episodeNumberMax) break;
      episodes.push({ number: episodes.length + 1, title: line.title, url: line.url });
    }
    if (episodes.length === 0) continue;
    seenFlags.add(source.flag);
    out.push({ flag: source.flag, episodes });
  }
  return { sources: out, dropped };
}
