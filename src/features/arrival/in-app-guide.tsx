/**
 * The guide shown in WeChat's and QQ's in-app browsers (browser-kind.ts): they cannot install the
 * app nor keep its data, so an overlay points at their ··· menu (top right) and its
 * 「在浏览器打开」. 继续在此浏览 (or Escape) closes it for the rest of the visit (sessionStorage).
 */
import { useEffect, useId, useRef } from 'react';
import { arrivalMessages } from './arrival-messages.ts';
import type { InAppBrowser } from './browser-kind.ts';

const t = arrivalMessages.inApp;

export function InAppGuide({ browser, onClose }: { browser: InAppBrowser; onClose: () => void }) {
  const titleId = useId();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <div
      className="in-app-guide"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid="in-app-guide"
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <svg className="in-app-guide__arrow" viewBox="0 0 80 90" aria-hidden="true">
        <path d="M12 86 C 20 44, 40 22, 68 12" />
        <path d="M50 8 L 70 11 L 62 30" />
      </svg>
      <div className="in-app-guide__card">
        <h2 className="in-app-guide__title" id={titleId}>
          {t.title}
        </h2>
        <p className="in-app-guide__step">{t.step}</p>
        <p className="in-app-guide__text">{browser === 'wechat' ? t.wechat : t.qq}</p>
        <button ref={button} type="button" className="button button--ghost in-app-guide__later" onClick={onClose}>
          {t.later}
        </button>
      </div>
    </div>
  );
}
