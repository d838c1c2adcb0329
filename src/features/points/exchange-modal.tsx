/**
 * Exchanging a good for points: the quantity (at most what stock, the per-user limit, the balance
 * and the contract's 99 allow), the total, then /activity/pointsmall/userExchangePointsGoods with
 * an idempotency key made once per attempt: a retry after a failure (a lost answer) sends the same
 * key, so the server answers the first result instead of exchanging twice; changing the quantity
 * is a new attempt with a new key.
 */
import './points.css';
import { useState } from 'react';
import type { ExchangeResult, Goods } from '../../../contract/calls/member.ts';
import { exchangeGoods } from './point-calls.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { pointsMessages } from './points-messages.ts';
import { effectOf, GoodsImage, unitsLeft } from './goods-card.tsx';
import { Modal } from '../../components/modal.tsx';

const t = pointsMessages.mall;
const QUANTITY_MAX = 99;

interface ExchangeModalProps {
  goods: Goods | null;
  points: number;
  onClose: () => void;
  onExchanged: (result: ExchangeResult, goods: Goods) => void;
}

function ExchangeForm({ goods, points, onClose, onExchanged }: ExchangeModalProps & { goods: Goods }) {
  const max = Math.max(1, Math.min(QUANTITY_MAX, unitsLeft(goods), Math.floor(points / goods.pointsCost)));
  const [quantity, setQuantity] = useState(1);
  const [key, setKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const total = quantity * goods.pointsCost;

  const change = (next: number) => {
    setQuantity(Math.max(1, Math.min(max, next)));
    setKey(newIdempotencyKey()); // another quantity is another exchange
    setError(null);
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      onExchanged(await exchangeGoods({ goodsId: goods.id, quantity, idempotencyKey: key }), goods);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure)); // the same key on retry
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t.exchangeTitle}
      dismissible={!busy}
      testId="exchange-modal"
      actions={
        <button
          type="button"
          className="button button--primary"
          onClick={confirm}
          disabled={busy || points < total}
          data-testid="exchange-confirm"
        >
          {busy ? t.exchanging : error ? t.retry : t.confirm}
        </button>
      }
    >
      <div className="exchange">
        <GoodsImage goods={goods} />
        <div>
          <p className="exchange__name">{goods.name}</p>
          <p className="exchange__effect">{effectOf(goods)}</p>
          <p className="goods-card__cost">{t.cost(goods.pointsCost)}</p>
        </div>
      </div>
      <div className="exchange__row">
        <span>{t.quantity}</span>
        <div className="stepper">
          <button
            type="button"
            onClick={() => change(quantity - 1)}
            disabled={busy || quantity <= 1}
            aria-label={t.less}
          >
            −
          </button>
          <output aria-live="polite" data-testid="exchange-quantity">
            {quantity}
          </output>
          <button
            type="button"
            onClick={() => change(quantity + 1)}
            disabled={busy || quantity >= max}
            aria-label={t.more}
          >
            +
          </button>
        </div>
      </div>
      <div className="exchange__row">
        <span>{t.total}</span>
        <strong className="exchange__total">{t.cost(total)}</strong>
      </div>
      <p className="modal__note">{t.after(Math.max(0, points - total))}</p>
      {error && (
        <p className="modal__error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}

export function ExchangeModal(props: ExchangeModalProps) {
  // A new form (quantity 1, a new key) for each good opened.
  return props.goods ? <ExchangeForm key={props.goods.id} {...props} goods={props.goods} /> : null;
}
