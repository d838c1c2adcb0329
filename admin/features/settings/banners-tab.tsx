/**
 * 轮播图: the image framed as the app shows it (banner-frames.tsx), title, link, window (展示中 /
 * 未开始 / 已结束) and clicks.
 */
import { zoned } from '../../components/console-time.ts';
import { BannerFrames } from './banner-frames.tsx';
import type { FieldSpec } from './form-fields.tsx';
import { ListTab, type ColumnSpec } from './list-tab.tsx';
import { mediaPreview, windowEnd, windowState } from './settings-format.ts';
import { settingsText as text } from './settings-messages.ts';

const FIELDS: readonly FieldSpec[] = [
  { name: 'image', label: '图片', kind: 'image', purpose: 'banner' },
  { name: 'title', label: '标题', kind: 'text' },
  { name: 'link', label: '链接', kind: 'text', hint: '站内路径如 /movie/12，或 https:// 开头的地址' },
  { name: 'startsAt', label: zoned('开始时间'), kind: 'datetime', hint: '留空为立即开始' },
  { name: 'endsAt', label: zoned('结束时间'), kind: 'datetime', hint: '留空为长期展示' },
];

const COLUMNS: readonly ColumnSpec[] = [
  {
    label: '图片',
    render: (row) => <BannerFrames src={mediaPreview(row.image as string)} compact />,
  },
  { label: '标题', render: (row) => row.title as string, className: 'settings-table__title' },
  { label: '链接', render: (row) => <code>{row.link as string}</code>, className: 'settings-table__link' },
  {
    label: '展示时间',
    className: 'settings-table__nowrap',
    render: (row) => {
      const state = windowState(row.startsAt as number | null, row.endsAt as number | null);
      return (
        <>
          <span className={`badge badge--${state === 'live' ? 'ok' : state === 'pending' ? 'slow' : 'off'}`}>
            {text.window[state]}
          </span>
          <div className="settings-table__sub">
            {row.startsAt === null && row.endsAt === null
              ? text.window.always
              : `${windowEnd(row.startsAt as number | null)} ~ ${windowEnd(row.endsAt as number | null)}`}
          </div>
        </>
      );
    },
  },
  { label: '点击', render: (row) => String(row.clicks), className: 'settings-table__num' },
];

export function BannersTab({ siteId }: { siteId: number }) {
  return (
    <ListTab
      siteId={siteId}
      list="banners"
      noun={text.tabs.banners}
      columns={COLUMNS}
      fields={FIELDS}
      nameOf={(row) => row.title as string}
      deletable
    />
  );
}
