/**
 * 消息推送: a switch per notice type. The first switch turned on asks for notification permission
 * and subscribes this device; the last one turned off unsubscribes it. When push cannot work here
 * (no Push API, iOS outside the home screen, permission denied) the panel says why and the
 * switches stay off. A subscription the browser dropped shows as off.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { NOTICE_TYPES, type NoticeType } from '../../../contract/enums.ts';
import { notificationsMessages } from './notifications-messages.ts';
import { pushState, pushStateReady, withType } from './push-store.ts';
import {
  currentSubscription,
  PushDeniedError,
  pushSupport,
  resendSubscription,
  savePushTypes,
  type PushSupport,
} from './push-subscription.ts';

const t = notificationsMessages.push;
const NOTES: Record<Exclude<PushSupport, 'ready'>, string> = {
  unsupported: t.unsupported,
  'ios-home-screen': t.iosHomeScreen,
  denied: t.denied,
};

/** On mount: the switches follow the browser's subscription, which is sent again for this member. */
function useSubscriptionCheck(): void {
  useEffect(() => {
    let cancelled = false;
    const check = async () => {
      await pushStateReady;
      if (pushState.types.length === 0) return;
      const subscription = await currentSubscription();
      if (cancelled) return;
      if (subscription === null) pushState.types = [];
      else await resendSubscription(pushState.types);
    };
    check().catch(() => undefined); // offline: the switches keep what was saved
    return () => {
      cancelled = true;
    };
  }, []);
}

export function PushPanel() {
  const { types } = useSnapshot(pushState);
  const [support, setSupport] = useState<PushSupport>(pushSupport);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useSubscriptionCheck();

  const toggle = (type: NoticeType, on: boolean) => {
    const next = withType(types, type, on);
    setBusy(true);
    setError(null);
    savePushTypes(next)
      .then(
        (saved) => {
          pushState.types = [...saved];
        },
        (failure: unknown) => {
          setSupport(pushSupport());
          if (!(failure instanceof PushDeniedError)) setError(on ? t.failed : t.offFailed);
        },
      )
      .finally(() => setBusy(false));
  };

  const usable = support === 'ready';
  return (
    <section className="card push-panel" aria-labelledby="push-title" data-testid="push-panel">
      <h2 className="push-panel__title" id="push-title">
        {t.title}
      </h2>
      <p className="push-panel__hint">{usable ? t.hint : NOTES[support]}</p>
      <ul className="push-panel__switches">
        {NOTICE_TYPES.map((type) => (
          <li key={type}>
            <label className="push-switch">
              <input
                type="checkbox"
                role="switch"
                className="push-switch__input"
                checked={usable && types.includes(type)}
                disabled={!usable || busy}
                aria-label={t.typeLabel(t.types[type])}
                data-testid={`push-${type}`}
                onChange={(event) => toggle(type, event.target.checked)}
              />
              <span className="push-switch__track" aria-hidden="true" />
              <span className="push-switch__label">{t.types[type]}</span>
            </label>
          </li>
        ))}
      </ul>
      {busy && <p className="push-panel__status">{t.working}</p>}
      {error && (
        <p className="push-panel__error" role="alert" data-testid="push-error">
          {error}
        </p>
      )}
    </section>
  );
}
