/**
 * Unsaved edits are never thrown away without a word: while `dirty`, closing or reloading the tab
 * asks through the browser's own prompt (the only one a page may show then), and a link inside the
 * console asks the console's confirmation (离开 / 继续编辑) instead of leaving. Returns the dialog to
 * render. Work other than edits (a batch upload under way) passes its own words for the question.
 */
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { adminMessages } from '../admin-messages.ts';
import { useConfirm } from './use-confirm.tsx';

/** The question's words: its title, its text, and its two answers. */
export interface LeaveWords {
  title: string;
  text: string;
  confirm: string;
  stay: string;
}

/** The in-app path a click on `target` would open, or null when it is not a plain click on an in-app link. */
function linkTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
  if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  if (link.origin !== location.origin) return null;
  const to = `${link.pathname}${link.search}${link.hash}`;
  return to === `${location.pathname}${location.search}${location.hash}` ? null : to;
}

export function useLeaveGuard(dirty: boolean, words: LeaveWords = adminMessages.leave): ReactNode {
  const [, navigate] = useLocation();
  const { dialog, ask } = useConfirm();

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const onClick = (event: MouseEvent) => {
      const to = linkTarget(event);
      if (to === null) return;
      event.preventDefault();
      event.stopPropagation();
      // An absolute path under the console's base (wouter: "~" leaves the base out).
      const question = { title: words.title, text: words.text, confirm: words.confirm, cancel: words.stay };
      void ask(question).then((leave) => leave && navigate(`~${to}`));
    };
    addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty, words, ask, navigate]);

  return dialog;
}
