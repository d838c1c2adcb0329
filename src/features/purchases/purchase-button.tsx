/**
 * "N 金币购买" for a priced movie (/movie/{id}) or post (/archives/{id} and the other post
 * details): a confirm with the price and the member's balance, then /buy/movie or /buy/article.
 * Success (or code 9, bought before) stores the new balance and calls onPurchased, which opens the
 * gate; code 5 (not enough coins) says so with a link to the wallet. Loaded lazily by the detail
 * screens, only for items the viewer cannot open yet (default export for React.lazy).
 */
import './purchases.css';
import { useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { Link } from 'wouter';
import { ApiError } from '../../api/api-error.ts';
import { buyArticle, buyMovie } from './purchase-calls.ts';
import { paths } from '../../lib/route-paths.ts';
import { refreshUser } from '../account/use-user-refresh.ts';
import { purchaseMessages } from './purchase-messages.ts';
import { Code } from '../../../contract/protocol/codes.ts';
import { showToast } from '../../stores/toast.ts';
import { setUserInfo, userState } from '../../stores/user.ts';
import { IconCoin } from '../../components/member-icons.tsx';
import { Modal } from '../../components/modal.tsx';

const t = purchaseMessages.purchase;

export interface PurchaseButtonProps {
  kind: 'movie' | 'post';
  id: number;
  price: number;
  title: string;
  label: string;
  onPurchased: () => void;
  className?: string;
}

export default function PurchaseButton({
  kind,
  id,
  price,
  title,
  label,
  onPurchased,
  className = 'button button--primary',
}: PurchaseButtonProps) {
  const { info } = useSnapshot(userState);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const coins = info?.coins ?? 0;
  // What the stored balance says, or what the server said (code 5).
  const [refused, setRefused] = useState(false);
  const insufficient = refused || (!!info && coins < price);

  const start = () => {
    setError(null);
    setRefused(false);
    setOpen(true);
    void refreshUser(); // the balance shown in the confirm is the current one
  };
  const done = (message: string) => {
    setOpen(false);
    showToast(message, { kind: 'success' });
    onPurchased();
    void refreshUser();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = kind === 'movie' ? await buyMovie(id) : await buyArticle(id);
      if (userState.info) setUserInfo({ ...userState.info, coins: result.coins });
      done(t.bought);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === Code.AlreadyDone) done(t.alreadyBought);
      else if (failure instanceof ApiError && failure.code === Code.Insufficient) setRefused(true);
      else setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const walletLink = (
    <Link
      href={paths.mineWallet()}
      onClick={() => setOpen(false)}
      className="button button--primary"
      data-testid="purchase-to-wallet"
    >
      {t.toWallet}
    </Link>
  );
  return (
    <>
      <button type="button" className={className} onClick={start} data-testid="purchase-button">
        <IconCoin className="purchase__icon" />
        {label}
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t.confirmTitle}
        dismissible={!busy}
        testId="purchase-modal"
        actions={
          <>
            <button type="button" className="button button--ghost" onClick={() => setOpen(false)} disabled={busy}>
              {t.cancel}
            </button>
            {insufficient ? (
              walletLink
            ) : (
              <button
                type="button"
                className="button button--primary"
                onClick={confirm}
                disabled={busy}
                data-testid="purchase-confirm"
              >
                {busy ? t.buying : t.confirm}
              </button>
            )}
          </>
        }
      >
        <p>{t.confirmText(price, title)}</p>
        <p className="modal__note" data-testid="purchase-balance">
          {t.balance(coins)}
        </p>
        {(error || insufficient) && (
          <p className="modal__error" role="alert" data-testid="purchase-error">
            {insufficient ? t.notEnough(price, coins) : error}
          </p>
        )}
      </Modal>
    </>
  );
}
