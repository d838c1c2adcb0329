/** The arrival guide this page load shows (arrival-choice.ts chose it); closing it is final for the page. */
import './arrival.css';
import { useState } from 'react';
import { rememberClosed, type Guide } from './arrival-choice.ts';
import { setArrivalGuideOpen } from './arrival-state.ts';
import { InAppGuide } from './in-app-guide.tsx';
import { IosInstallGuide } from './ios-install-guide.tsx';

export function ArrivalGuides({ guide: initial }: { guide: Guide }) {
  const [guide, setGuide] = useState<Guide>(initial);
  const close = () => {
    if (guide?.kind === 'in-app') rememberClosed();
    setArrivalGuideOpen(false);
    setGuide(null);
  };
  if (!guide) return null;
  return guide.kind === 'in-app' ? (
    <InAppGuide browser={guide.browser} onClose={close} />
  ) : (
    <IosInstallGuide onClose={close} />
  );
}
