/**
 * The 网络已断开 strip, shown while the browser is offline (stores/network.ts): a slim strip at the
 * top of the screen that moves the page down rather than lying over it. The root's `is-offline`
 * class adds its height to --safe-top (app/pwa.css), which every layout, top bar and player overlay
 * already keeps clear of, so no title, tab or button ends up beneath it.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio/react';
import { pwaMessages } from './pwa-messages.ts';
import { networkState } from '../stores/network.ts';
import { Svg } from '../components/icons.tsx';

export function OfflineIndicator() {
  const { online } = useSnapshot(networkState);
  useEffect(() => {
    document.documentElement.classList.toggle('is-offline', !online);
  }, [online]);
  if (online) return null;
  return (
    <div className="offline-bar" role="status" data-testid="offline-bar">
      <Svg className="offline-bar__icon">
        <path d="M2.5 8.5a15 15 0 0 1 4.2-2.6M9.8 5.2A15 15 0 0 1 21.5 8.5M5.5 12a10 10 0 0 1 3.3-2M12.8 9.6A10 10 0 0 1 18.5 12M8.8 15.3a5 5 0 0 1 6.4 0" />
        <path d="M12 19h.01" strokeWidth="2.6" />
        <path d="m3 3 18 18" />
      </Svg>
      <strong>{pwaMessages.offline.title}</strong>
      <span className="offline-bar__text">{pwaMessages.offline.text}</span>
    </div>
  );
}
