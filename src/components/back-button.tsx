import { goBack } from './page/navigation.ts';
import { shellMessages } from '../shell-messages.ts';
import { IconBack } from './icons.tsx';

/** Goes back in the app's own history, or home when the page was opened directly. */
export function BackButton({ className = 'icon-button' }: { className?: string }) {
  return (
    <button type="button" className={className} onClick={goBack} aria-label={shellMessages.nav.back}>
      <IconBack />
    </button>
  );
}
