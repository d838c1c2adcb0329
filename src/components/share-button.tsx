/**
 * 分享 on a movie's or a post's page: the system share sheet (the Web Share API) where the browser
 * has one, else the page's link copied to the clipboard with the toast 链接已复制. Closing the share
 * sheet is not a failure; a share the browser refuses falls back to copying.
 */
import './share-button.css';
import { messages } from '../messages.ts';
import { showToast } from '../stores/toast.ts';
import { IconShare } from './post-icons.tsx';

const t = messages.share;

/**
 * The page's canonical address (kept by src/app/page-frame.tsx), else its own path: never its query
 * (a share opens the page, not one state of it).
 */
const pageUrl = (): string =>
  document.querySelector<HTMLLinkElement>('link[rel=canonical]')?.href ||
  new URL(location.pathname, location.origin).href;

async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    showToast(t.copied, { kind: 'success' });
  } catch {
    showToast(t.copyFailed, { kind: 'error' });
  }
}

export async function sharePage(title: string): Promise<void> {
  const url = pageUrl();
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text: title, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return; // the visitor closed the sheet
    }
  }
  await copyLink(url);
}

interface ShareButtonProps {
  /** What is shared: the movie's or the post's title. */
  title: string;
  className: string;
  iconClassName: string;
}

export function ShareButton({ title, className, iconClassName }: ShareButtonProps) {
  return (
    <button type="button" className={className} onClick={() => void sharePage(title)} data-testid="share-button">
      <IconShare className={iconClassName} />
      <span>{t.label}</span>
    </button>
  );
}
