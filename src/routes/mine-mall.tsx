/**
 * The points mall (/mine/mall): the points balance, the daily check-in (src/features/points/checkin-card.tsx),
 * today's tasks (src/features/points/task-list.tsx),
 * and three tabs: the goods (exchange: src/features/points/exchange-modal.tsx; afterwards /current
 * refreshes points, coins and VIP, and the goods and records load anew), my exchanges
 * (userExchangePage) and the points ledger.
 */
import '../styles/member.css';
import '../features/points/points.css';
import { useState } from 'react';
import { useSnapshot } from 'valtio/react';
import type { ExchangeRecord, Goods } from '../../contract/calls/member.ts';
import { getExchangePage, getGoodsPage } from '../features/points/point-calls.ts';
import { getPointsLedger } from '../features/wallet/wallet-calls.ts';
import { ExchangeModal } from '../features/points/exchange-modal.tsx';
import { effectOf, GoodsCard, GoodsImage } from '../features/points/goods-card.tsx';
import { LedgerList } from '../features/wallet/ledger-row.tsx';
import { IconSpark } from '../components/member-icons.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import { PagedList } from '../components/paged-list.tsx';
import { SegmentTabs, type SegmentTab } from '../components/segment-tabs.tsx';
import { CheckinCard } from '../features/points/checkin-card.tsx';
import { TaskList } from '../features/points/task-list.tsx';
import { formatRelativeTime } from '../lib/format.ts';
import { refreshUser, useUserRefresh } from '../features/account/use-user-refresh.ts';
import { pointsMessages } from '../features/points/points-messages.ts';
import { showToast } from '../stores/toast.ts';
import { setUserInfo, userState } from '../stores/user.ts';

type Tab = 'goods' | 'records' | 'ledger';
const t = pointsMessages.mall;
const TABS: readonly SegmentTab<Tab>[] = (['goods', 'records', 'ledger'] as const).map((value) => ({
  value,
  label: t.tabs[value],
}));

function RecordRow({ record }: { record: ExchangeRecord }) {
  return (
    <div className="exchange-record" data-testid="exchange-record">
      <GoodsImage goods={record.goods} />
      <div className="exchange-record__text">
        <p className="exchange-record__name">{record.goods.name}</p>
        <p className="exchange-record__meta">
          {effectOf(record.goods)} · {formatRelativeTime(record.createdAt)}
        </p>
      </div>
      <span className="exchange-record__cost">{t.record(record.quantity, record.pointsCost)}</span>
    </div>
  );
}

export default function MineMallScreen() {
  useUserRefresh();
  const { info } = useSnapshot(userState);
  const [tab, setTab] = useState<Tab>('goods');
  const [exchanging, setExchanging] = useState<Goods | null>(null);
  // Bumped after an exchange: the goods (stock, exchanged) and records load anew.
  const [version, setVersion] = useState(0);
  if (!info) return <PageLoading />;
  const base = `member:${info.id}`;

  const exchanged = (result: { points: number }) => {
    setUserInfo({ ...info, points: result.points });
    setExchanging(null);
    setVersion((n) => n + 1);
    showToast(t.exchanged, { kind: 'success' });
    void refreshUser(); // coins or VIP days took effect too
  };

  return (
    <div className="member-page">
      <section className="points-card" aria-label={t.points}>
        <div>
          <p className="points-card__label">{t.points}</p>
          <p className="points-card__value">
            <IconSpark className="points-card__icon" />
            <span data-testid="mall-points">{info.points}</span>
          </p>
        </div>
        <p className="points-card__coins">{t.coins(info.coins)}</p>
      </section>
      <CheckinCard />
      <section className="member-section" aria-labelledby="mall-tasks">
        <h2 className="member-section__title" id="mall-tasks">
          {t.tasks}
        </h2>
        <TaskList />
      </section>
      <section className="member-section">
        <SegmentTabs tabs={TABS} value={tab} onChange={setTab} label={t.tabsLabel} />
        {tab === 'goods' && (
          <PagedList
            key={`${base}:goods:${version}`}
            cacheKey={`${base}:goods:${version}`}
            fetchPage={(page, size) => getGoodsPage(page, size, { toast: false })}
            keyOf={(goods) => goods.id}
            render={(goods) => <GoodsCard goods={goods} points={info.points} onExchange={setExchanging} />}
            layout="grid"
            skeleton={{ ratio: '1/1', count: 6 }}
            empty={<p className="empty-state">{t.emptyGoods}</p>}
            revalidate
          />
        )}
        {tab === 'records' && (
          <div className="card ledger">
            <PagedList
              key={`${base}:exchanges:${version}`}
              cacheKey={`${base}:exchanges:${version}`}
              fetchPage={(page, size) => getExchangePage(page, size, { toast: false })}
              keyOf={(record) => record.id}
              render={(record) => <RecordRow record={record} />}
              skeleton={{ count: 3 }}
              empty={<p className="empty-state">{t.emptyRecords}</p>}
              revalidate
            />
          </div>
        )}
        {tab === 'ledger' && (
          <LedgerList
            cacheKey={`${base}:points-ledger`}
            fetchPage={(page, size) => getPointsLedger(page, size, { toast: false })}
            emptyText={t.emptyLedger}
          />
        )}
      </section>
      <ExchangeModal
        goods={exchanging}
        points={info.points}
        onClose={() => setExchanging(null)}
        onExchanged={exchanged}
      />
    </div>
  );
}
