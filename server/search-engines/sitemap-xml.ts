/**
 * The XML of the sitemaps protocol (https://www.sitemaps.org/protocol.html): a <urlset> of page
 * URLs and a <sitemapindex> of sitemap files, each entry's <loc> escaped as XML text (& < > " ')
 * and its optional <lastmod> a W3C datetime (as server/db/sitemaps.ts reads it).
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

/** The document: one entry a line (a file of 50,000 is made by appending, not by mapping and joining). */
function document(root: 'urlset' | 'sitemapindex', tag: 'url' | 'sitemap', entries: Iterable<SitemapEntry>): string {
  let xml = `${HEAD}<${root} xmlns="${NS}">\n`;
  for (const { loc, lastmod } of entries) {
    xml += `<${tag}><loc>${escapeXml(loc)}</loc>`;
    if (lastmod) xml += `<lastmod>${escapeXml(lastmod)}</lastmod>`;
    xml += `</${tag}>\n`;
  }
  return `${xml}</${root}>\n`;
}

export const urlset = (entries: Iterable<SitemapEntry>): string => document('urlset', 'url', entries);

export const sitemapIndex = (entries: Iterable<SitemapEntry>): string => document('sitemapindex', 'sitemap', entries);
