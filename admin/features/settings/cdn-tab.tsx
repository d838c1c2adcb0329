/**
 * CDN 线路: name, address, order, 启用/停用, and each line's live health as the server probes it
 * (正常 / 延迟 N ms / 不可达), read on opening (the server keeps answers a few seconds) and asked
 * anew by 检测线路.
 */
import { useCallback, useEffect, useState } from 'react';
import type { LineHealth } from '../../../contract/admin/settings.ts';
import { messageOf } from '../../components/use-load.ts';
import type { FieldSpec } from './form-fields.tsx';
import { ListTab, type ColumnSpec } from './list-tab.tsx';
import { fetchHealth, type Row } from './settings-calls.ts';
import { setPreviewLine } from './settings-format.ts';
import { settingsText as text } from './settings-messages.ts';

const FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: '名称', kind: 'text' },
  { name: 'url', label: '地址', kind: 'text', hint: '如 https://cdn.example.com/media 或本服务器的 /cdn/1' },
  { name: 'enabled', label: '启用', kind: 'bool', hint: '启用时先检测线路，不可达则保存为停用' },
];

function HealthBadge({ health }: { health: LineHealth | undefined }) {
  if (!health) return <span className="badge badge--off">{text.health.unknown}</span>;
  if (health.state === 'down')
    return (
      <span className="badge badge--down" title={health.error ?? ''}>
        {text.health.down}
        {health.error ? `（${health.error}）` : ''}
      </span>
    );
  return (
    <span className={`badge badge--${health.state}`}>
      {health.state === 'ok' ? `${text.health.ok} · ${health.ms} ms` : text.health.slow(health.ms ?? 0)}
    </span>
  );
}

export function CdnTab({ siteId }: { siteId: number }) {
  const [health, setHealth] = useState<Map<number, LineHealth>>(new Map());
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const check = useCallback(
    async (refresh: boolean) => {
      setChecking(true);
      setError(null);
      try {
        const { list } = await fetchHealth(siteId, refresh);
        setHealth(new Map(list.map((line) => [line.id, line])));
      } catch (failure) {
        setError(messageOf(failure));
      } finally {
        setChecking(false);
      }
    },
    [siteId],
  );
  useEffect(() => setHealth(new Map()), [siteId]);

  // Every read of the lines asks for their health (kept answers unless 检测线路): new lines get theirs.
  const onRows = useCallback(
    (rows: Row[]) => {
      setPreviewLine((rows.find((row) => row.enabled)?.url as string | undefined) ?? null);
      void check(false);
    },
    [check],
  );

  const columns: readonly ColumnSpec[] = [
    { label: '名称', render: (row) => row.name as string, className: 'settings-table__nowrap' },
    { label: '地址', render: (row) => <code>{row.url as string}</code>, className: 'settings-table__link' },
    {
      label: text.health.title,
      render: (row) => <HealthBadge health={health.get(row.id)} />,
      className: 'settings-table__nowrap',
    },
  ];
  return (
    <ListTab
      siteId={siteId}
      list="cdn-lines"
      noun="线路"
      columns={columns}
      fields={FIELDS}
      nameOf={(row) => row.name as string}
      deletable
      onRows={onRows}
      toolbar={
        <>
          <button className="button" type="button" disabled={checking} onClick={() => void check(true)}>
            {checking ? text.health.checking : text.health.check}
          </button>
          {error && <span className="table__status--error">{error}</span>}
        </>
      }
    />
  );
}
