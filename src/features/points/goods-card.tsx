/**
 * A good of the points mall: its image (or a tile showing what it is), name, cost in points,
 * stock and per-user limit, and 兑换, which is disabled with the reason when it cannot be had.
 */
import './points.css';
import type { Goods, GoodsKind } from '../../../contract/calls/member.ts';
import { pointsMessages } from './points-messages.ts';
import { MediaImage } from '../../components/media-image.tsx';
import { IconCoin, IconCrown, IconGift } from '../../components/member-icons.tsx';

const t = pointsMessages.mall;
const KIND_ICON: Record<GoodsKind, typeof IconGift> = { vip_days: IconCrown, coins: IconCoin, item: IconGift };

/** Units left for this member: stock and the per-user limit. */
export const unitsLeft = (goods: Goods): number =>
  Math.max(0, Math.min(goods.stock, goods.perUserLimit === null ? Infinity : goods.perUserLimit - goods.exchanged));

export const effectOf = (goods: Pick<Goods, 'kind' | 'value'>): string =>
  goods.kind === 'vip_days'
    ? t.effect.vip_days(goods.value)
    : goods.kind === 'coins'
      ? t.effect.coins(goods.value)
      : t.effect.item;

export function GoodsImage({ goods }: { goods: Pick<Goods, 'image' | 'kind' | 'value' | 'name'> }) {
  const Icon = KIND_ICON[goods.kind];
  if (goods.image) return <MediaImage mediaKey={goods.image} alt={goods.name} ratio="1/1" className="goods-image" />;
  return (
    <div className={`goods-image goods-image--${goods.kind}`} aria-hidden="true">
      <Icon className="goods-image__icon" />
      <span className="goods-image__effect">{effectOf(goods)}</span>
    </div>
  );
}

export function GoodsCard({
  goods,
  points,
  onExchange,
}: {
  goods: Goods;
  points: number;
  onExchange: (goods: Goods) => void;
}) {
  const soldOut = goods.stock <= 0;
  const limitReached = goods.perUserLimit !== null && goods.exchanged >= goods.perUserLimit;
  const short = points < goods.pointsCost;
  const blocked = soldOut ? t.soldOut : limitReached ? t.limitReached : short ? t.notEnough : null;
  return (
    <article className="goods-card" data-testid="goods-card">
      <GoodsImage goods={goods} />
      <div className="goods-card__body">
        <h3 className="goods-card__name">{goods.name}</h3>
        <p className="goods-card__cost">{t.cost(goods.pointsCost)}</p>
        <p className="goods-card__meta">
          {t.stock(goods.stock)}
          {goods.perUserLimit !== null && ` · ${t.limit(goods.perUserLimit, goods.exchanged)}`}
        </p>
        <button
          type="button"
          className="button button--primary goods-card__button"
          disabled={blocked !== null}
          onClick={() => onExchange(goods)}
          data-testid="goods-exchange"
        >
          {blocked ?? t.exchange}
        </button>
      </div>
    </article>
  );
}
