/**
 * What a site sells: VIP 套餐 and 金币套餐 (prices in yuan in the dialogs, fen on the wire), and
 * 积分商品 with their stock (调整库存: set it, or move it by a delta that never takes it below zero).
 * Nothing here is deleted: 停用 takes it off the app; past orders keep what they copied.
 */
import { useState } from 'react';
import type { FieldSpec } from './form-fields.tsx';
import { ListTab, type ColumnSpec } from './list-tab.tsx';
import { changeStock, type Row } from './settings-calls.ts';
import { SettingsDialog } from './settings-dialog.tsx';
import { formatFen } from '../../components/console-money.ts';
import { mediaPreview } from './settings-format.ts';
import { settingsText as text } from './settings-messages.ts';
import { useDialogRun } from './use-edit-dialog.ts';

const CODE: FieldSpec = {
  name: 'code',
  label: '编码',
  kind: 'text',
  createOnly: true,
  hint: '留空自动生成；小写字母、数字、- 和 _',
};

const PLAN_FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: '名称', kind: 'text' },
  CODE,
  { name: 'days', label: '天数', kind: 'int' },
  { name: 'priceFen', label: '售价（元）', kind: 'yuan' },
  { name: 'originalPriceFen', label: '原价（元）', kind: 'yuan', hint: '不低于售价' },
  { name: 'badge', label: '角标', kind: 'text', hint: '如 推荐、最划算，可留空' },
  { name: 'description', label: '说明', kind: 'textarea' },
  { name: 'enabled', label: '启用', kind: 'bool' },
];
const PLAN_COLUMNS: readonly ColumnSpec[] = [
  { label: '名称', render: (row) => row.name as string, className: 'settings-table__nowrap' },
  { label: '天数', render: (row) => `${row.days as number} 天`, className: 'settings-table__num' },
  { label: '售价', render: (row) => formatFen(row.priceFen as number), className: 'settings-table__num' },
  { label: '原价', render: (row) => formatFen(row.originalPriceFen as number), className: 'settings-table__num' },
  {
    label: '角标',
    render: (row) => (row.badge ? <span className="badge badge--tag">{row.badge as string}</span> : '—'),
  },
  { label: '编码', render: (row) => <code>{row.code as string}</code> },
];

const PACKAGE_FIELDS: readonly FieldSpec[] = [
  CODE,
  { name: 'coins', label: '金币', kind: 'int' },
  { name: 'bonusCoins', label: '赠送金币', kind: 'int' },
  { name: 'priceFen', label: '售价（元）', kind: 'yuan' },
  { name: 'badge', label: '角标', kind: 'text' },
  { name: 'enabled', label: '启用', kind: 'bool' },
];
const PACKAGE_COLUMNS: readonly ColumnSpec[] = [
  { label: '金币', render: (row) => String(row.coins), className: 'settings-table__num' },
  {
    label: '赠送',
    render: (row) => (row.bonusCoins ? `+${row.bonusCoins as number}` : '—'),
    className: 'settings-table__num',
  },
  { label: '售价', render: (row) => formatFen(row.priceFen as number), className: 'settings-table__num' },
  {
    label: '角标',
    render: (row) => (row.badge ? <span className="badge badge--tag">{row.badge as string}</span> : '—'),
  },
  { label: '编码', render: (row) => <code>{row.code as string}</code> },
];

const KINDS = [
  ['vip_days', 'VIP 天数'],
  ['coins', '金币'],
  ['item', '实物/其他'],
] as const;
const GOODS_FIELDS: readonly FieldSpec[] = [
  { name: 'image', label: '图片', kind: 'image', purpose: 'goods', hint: '上传后裁成 400×400' },
  { name: 'name', label: '名称', kind: 'text' },
  CODE,
  { name: 'kind', label: '类型', kind: 'select', options: KINDS },
  { name: 'value', label: '数值', kind: 'int', hint: 'VIP 天数或金币数；实物填 0' },
  { name: 'pointsCost', label: '所需积分', kind: 'int' },
  { name: 'stock', label: '库存', kind: 'int', createOnly: true, hint: '之后用「调整库存」修改' },
  { name: 'perUserLimit', label: '每人限兑', kind: 'optionalInt', hint: '留空不限' },
  { name: 'description', label: '说明', kind: 'textarea' },
  { name: 'enabled', label: '启用', kind: 'bool' },
];
const GOODS_COLUMNS: readonly ColumnSpec[] = [
  {
    label: '图片',
    render: (row) => {
      const src = mediaPreview(row.image as string | null);
      return src ? (
        <img className="thumb thumb--square" src={src} alt="" />
      ) : (
        <span className="settings-table__sub">{text.noImage}</span>
      );
    },
  },
  { label: '名称', render: (row) => row.name as string, className: 'settings-table__title' },
  {
    label: '类型',
    render: (row) => KINDS.find(([kind]) => kind === row.kind)?.[1] ?? String(row.kind),
    className: 'settings-table__nowrap',
  },
  { label: '数值', render: (row) => String(row.value), className: 'settings-table__num' },
  { label: '积分', render: (row) => String(row.pointsCost), className: 'settings-table__num' },
  {
    label: text.stock.title,
    render: (row) => <span className={row.stock === 0 ? 'state-text--off' : ''}>{String(row.stock)}</span>,
    className: 'settings-table__num',
  },
  {
    label: '每人限兑',
    render: (row) => (row.perUserLimit === null ? text.always : String(row.perUserLimit)),
    className: 'settings-table__num',
  },
];

export function VipPlansTab({ siteId }: { siteId: number }) {
  return (
    <ListTab
      siteId={siteId}
      list="vip-plans"
      noun={text.tabs.vip}
      columns={PLAN_COLUMNS}
      fields={PLAN_FIELDS}
      nameOf={(row) => row.name as string}
      deletable={false}
    />
  );
}

export function CoinPackagesTab({ siteId }: { siteId: number }) {
  return (
    <ListTab
      siteId={siteId}
      list="coin-packages"
      noun={text.tabs.coins}
      columns={PACKAGE_COLUMNS}
      fields={PACKAGE_FIELDS}
      nameOf={(row) => `${row.coins as number} 金币`}
      deletable={false}
    />
  );
}

export function GoodsTab({ siteId }: { siteId: number }) {
  const [stockOf, setStockOf] = useState<{ row: Row; reload: () => void } | null>(null);
  return (
    <>
      <ListTab
        siteId={siteId}
        list="goods"
        noun={text.tabs.goods}
        columns={GOODS_COLUMNS}
        fields={GOODS_FIELDS}
        nameOf={(row) => row.name as string}
        deletable={false}
        rowActions={(row, reload) => (
          <button className="link-button" type="button" onClick={() => setStockOf({ row, reload })}>
            {text.stock.button}
          </button>
        )}
      />
      {stockOf && (
        <StockDialog
          siteId={siteId}
          row={stockOf.row}
          onDone={() => {
            stockOf.reload();
            setStockOf(null);
          }}
          onClose={() => setStockOf(null)}
        />
      )}
    </>
  );
}

function StockDialog({
  siteId,
  row,
  onDone,
  onClose,
}: {
  siteId: number;
  row: Row;
  onDone: () => void;
  onClose: () => void;
}) {
  const [mode, setMode] = useState<'set' | 'delta'>('delta');
  const [amount, setAmount] = useState('');
  const { busy, error, run } = useDialogRun();
  const submit = async () => {
    const value = Number(amount.trim() || NaN);
    if (await run(() => changeStock(siteId, row.id, mode === 'set' ? { set: value } : { delta: value }))) onDone();
  };
  return (
    <SettingsDialog
      title={`${text.stock.button} · ${row.name as string}（当前 ${row.stock as number}）`}
      busy={busy}
      error={error?.message ?? null}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <div className="settings-form">
        <div className="settings-form__row">
          <span className="field__label">{text.stock.mode}</span>
          <div className="settings-form__control settings-form__radios">
            <label>
              <input type="radio" name="mode" checked={mode === 'delta'} onChange={() => setMode('delta')} />{' '}
              {text.stock.delta}
            </label>
            <label>
              <input type="radio" name="mode" checked={mode === 'set'} onChange={() => setMode('set')} />{' '}
              {text.stock.set}
            </label>
          </div>
        </div>
        <div className="settings-form__row">
          <label className="field__label" htmlFor="stock-amount">
            {mode === 'set' ? text.stock.set : text.stock.delta}
          </label>
          <input
            id="stock-amount"
            name="amount"
            className="field__input"
            inputMode="numeric"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
      </div>
    </SettingsDialog>
  );
}
