/**
 * The MacCMS v10 provide format (docs/api.md "The MacCMS feed"), as MacCMS sites, TVBox-style apps
 * and collectors read it: a page of titles as JSON (`{code: 1, msg, page, pagecount, limit, total,
 * list, class}`) or as XML (`<rss version="5.1">`, text in CDATA). Pure: the rows come from
 * server/db/vod-feed.ts with their play URLs already made.
 */
import type { VodClass, VodRow } from '../db/vod-feed.ts';

/** One play source's episodes: `name$url` joined by `#` (MacCMS's vod_play_url of one source). */
export interface VodItem {
  row: VodRow;
  /** The title's code name (vod_en): its pinyin, letters and digits only. */
  en: string;
  /** The poster's absolute URL. */
  pic: string;
  /**
   * `第01集$https://…/index.m3u8#…`, `$$$` between sources; '' when nothing plays (and in a listing,
   * which reads no episodes).
   */
  playUrl: string;
  /** The play sources' names when the title plays (vod_play_from, `$$$` between sources), else ''. */
  playFrom: string;
}

export interface VodPage {
  page: number;
  pageCount: number;
  limit: number;
  total: number;
  items: VodItem[];
  /** The categories (ac=list only). */
  classes: VodClass[] | null;
  detail: boolean;
}

/** The name of the feed's own play source: players read it as a direct HLS URL. */
export const PLAY_FROM = 'm3u8';
/** Between play sources in vod_play_from and vod_play_url (each source one `<dd>` in XML). */
export const PLAY_GROUP_SEPARATOR = '$$$';

/** An item's play sources as [flag, `name$url#…`] pairs. */
const playGroups = (item: VodItem): [string, string][] => {
  const urls = item.playUrl.split(PLAY_GROUP_SEPARATOR);
  return item.playFrom.split(PLAY_GROUP_SEPARATOR).map((flag, i) => [flag, urls[i] ?? '']);
};

/** Text as an XML attribute's value (in double quotes). */
const attribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

const score = (tenths: number | null): string => (tenths === null ? '0.0' : (tenths / 10).toFixed(1));

/** The description as one paragraph of plain text, at most 100 characters (vod_blurb). */
const blurb = (text: string): string => [...text.replace(/\s+/g, ' ').trim()].slice(0, 100).join('');

function listFields({ row, en, playFrom }: VodItem) {
  return {
    vod_id: row.id,
    vod_name: row.title,
    type_id: row.typeId,
    type_name: row.typeName,
    vod_en: en,
    vod_time: row.time,
    vod_remarks: row.remarks,
    vod_play_from: playFrom,
  };
}

function detailFields(item: VodItem) {
  const { row, pic, playUrl } = item;
  return {
    ...listFields(item),
    vod_sub: row.alias,
    vod_pic: pic,
    vod_actor: row.castNames.join(','),
    vod_director: row.directors.join(','),
    vod_content: row.description,
    vod_blurb: blurb(row.description),
    vod_area: row.region,
    vod_lang: row.language,
    vod_year: String(row.year),
    vod_score: score(row.scoreTenths),
    vod_class: row.tags.join(','),
    vod_total: row.totalEpisodes ?? row.episodes.length,
    vod_serial: String(row.episodes.length),
    vod_isend: row.finished ? 1 : 0,
    vod_play_server: playUrl ? 'no' : '',
    vod_play_note: '',
    vod_play_url: playUrl,
  };
}

export function vodJson(page: VodPage): Record<string, unknown> {
  return {
    code: 1,
    msg: '数据列表',
    page: page.page,
    pagecount: page.pageCount,
    limit: String(page.limit),
    total: page.total,
    list: page.items.map(page.detail ? detailFields : listFields),
    ...(page.classes
      ? {
          class: page.classes.map((c) => ({ type_id: c.typeId, type_pid: c.typePid, type_name: c.typeName })),
        }
      : {}),
  };
}

/** Text as CDATA: a `]]>` inside it is split across two sections. */
const cdata = (text: string): string => `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

export function vodXml(page: VodPage): string {
  const videos = page.items.map((item) => {
    const { row } = item;
    const common = [
      `<last>${row.time}</last>`,
      `<id>${row.id}</id>`,
      `<tid>${row.typeId}</tid>`,
      `<name>${cdata(row.title)}</name>`,
      `<type>${cdata(row.typeName)}</type>`,
    ];
    if (!page.detail) {
      return `<video>${[...common, `<dt>${cdata(item.playFrom)}</dt>`, `<note>${cdata(row.remarks)}</note>`].join('')}</video>`;
    }
    const fields = detailFields(item);
    return `<video>${[
      ...common,
      `<pic>${cdata(item.pic)}</pic>`,
      `<lang>${cdata(row.language)}</lang>`,
      `<area>${cdata(row.region)}</area>`,
      `<year>${row.year}</year>`,
      `<state>${row.finished ? '' : fields.vod_serial}</state>`,
      `<note>${cdata(row.remarks)}</note>`,
      `<actor>${cdata(fields.vod_actor)}</actor>`,
      `<director>${cdata(fields.vod_director)}</director>`,
      `<dl>${
        item.playUrl
          ? playGroups(item)
              .map(([flag, url]) => `<dd flag="${attribute(flag)}">${cdata(url)}</dd>`)
              .join('')
          : ''
      }</dl>`,
      `<des>${cdata(row.description)}</des>`,
    ].join('')}</video>`;
  });
  const classes = page.classes
    ? `<class>${page.classes.map((c) => `<ty id="${c.typeId}">${cdata(c.typeName)}</ty>`).join('')}</class>`
    : '';
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<rss version="5.1"><list page="${page.page}" pagecount="${page.pageCount}" pagesize="${page.limit}" recordcount="${page.total}">` +
    `${videos.join('')}</list>${classes}</rss>`
  );
}

/** A refusal the MacCMS way: code 0 (success is 1) and what is wrong. */
export const vodRefusalJson = (msg: string) => ({ code: 0, msg });
export const vodRefusalXml = (msg: string) =>
  `<?xml version="1.0" encoding="utf-8"?><rss version="5.1"><error>${cdata(msg)}</error></rss>`;
