/**
 * The XML of the sitemaps protocol (https://www.sitemaps.org/protocol.html): a <urlset> of page
 * URLs (its <url> elements written by the database) and a <sitemapindex> of sitemap files, each
 * entry's <loc> escaped as XML text (& < > " ') and its optional <lastmod> a W3C datetime (as
 * server/db/sitemaps.ts reads it).
 */

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

export interface SitemapEntry {
  loc: string;
  lastmod: string | null;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

const MARKUP = /[&<>"']/;

export const escapeXml = (text: string): string =>
  MARKUP.test(text) ? text.replace(/[&<>"']/g, (char) => ESCAPES[char]!) : text;

/** The document around its elements, one a line (`lines`: joined by newlines, none at the end). */
const document = (root: 'urlset' | 'sitemapindex', lines: string): string =>
  `${HEAD}<${root} xmlns="${NS}">\n${lines}${lines ? '\n' : ''}</${root}>\n`;

/** A file of page URLs around its <url> elements (written by the database: server/db/sitemaps.ts). */
export const urlset = (urls: string): string => document('urlset', urls);

export const sitemapIndex = (entries: Iterable<SitemapEntry>): string =>
  document(
    'sitemapindex',
    Array.from(
      entries,
      ({ loc, lastmod }) =>
        `<sitemap><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</sitemap>`,
    ).join('\n'),
  );
