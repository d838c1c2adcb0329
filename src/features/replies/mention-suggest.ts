/**
 * The @ autocomplete's logic, pure apart from the call: the "@letters" being typed just before the
 * caret, and the text after picking a nickname ("@昵称 " in place of "@letters").
 */
import { useEffect, useState } from 'react';
import type { UserBrief } from '../../../contract/calls/content.ts';
import { suggestUsers } from './reply-calls.ts';

const TYPING = /(?:^|[^\w@])@([^\s@]{1,20})$/u;
const DEBOUNCE_MS = 200;

/** The keyword after an "@" right before the caret, if one is being typed. */
export function mentionAt(text: string, caret: number): { keyword: string; start: number } | null {
  const match = TYPING.exec(text.slice(0, caret));
  if (!match) return null;
  const keyword = match[1]!;
  return { keyword, start: caret - keyword.length - 1 };
}

/** The text with "@keyword" at `start` replaced by "@nickname " and the caret after it. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  nickname: string,
): { text: string; caret: number } {
  const inserted = `@${nickname} `;
  const after = text.slice(caret).replace(/^ /, '');
  return { text: `${text.slice(0, start)}${inserted}${after}`, caret: start + inserted.length };
}

/** The users whose nickname matches the keyword, asked 200 ms after the last keystroke. */
export function useMentionSuggestions(keyword: string | null): UserBrief[] {
  const [found, setFound] = useState<{ keyword: string; users: UserBrief[] }>({ keyword: '', users: [] });
  useEffect(() => {
    if (!keyword) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      suggestUsers(keyword).then(
        (users) => !cancelled && setFound({ keyword, users }),
        () => !cancelled && setFound({ keyword, users: [] }),
      );
    }, DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [keyword]);
  return keyword && found.keyword === keyword ? found.users : [];
}
