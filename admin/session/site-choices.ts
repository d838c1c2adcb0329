/**
 * The sites the signed-in operator may act on, by name (GET /admin-api/session/sites), read once
 * per operator and shared by every site picker and label; `forgetSiteChoices` after a site is added
 * or renamed. Until the answer comes (or when it fails) a site reads as its number.
 */
import { useEffect, useState } from 'react';
import type { SiteChoice } from '../../contract/admin/session.ts';
import { adminMessages } from '../admin-messages.ts';
import { adminCall } from '../api/admin-client.ts';
import { useSession } from './session-store.ts';

const cache = new Map<number, Promise<SiteChoice[]>>();

export function forgetSiteChoices(): void {
  cache.clear();
}

function choicesOf(operatorId: number): Promise<SiteChoice[]> {
  let choices = cache.get(operatorId);
  if (!choices) {
    choices = adminCall<{ list: SiteChoice[] }>('GET', '/session/sites').then((answer) => answer.list);
    choices.catch(() => cache.delete(operatorId));
    cache.set(operatorId, choices);
  }
  return choices;
}

/** The operator's sites; null until known. */
export function useSiteChoices(): SiteChoice[] | null {
  const session = useSession();
  const operatorId = session.status === 'signedIn' ? session.session.operator.id : null;
  const [choices, setChoices] = useState<SiteChoice[] | null>(null);
  useEffect(() => {
    if (operatorId === null) return;
    let live = true;
    choicesOf(operatorId).then(
      (list) => live && setChoices(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [operatorId]);
  return choices;
}

/** A site by its title, or by its number when the title is not known. */
export const siteTitle = (choices: readonly SiteChoice[] | null, id: number): string =>
  choices?.find((site) => site.id === id)?.title ?? adminMessages.site.numbered(id);

/** An operator's sites in words: 全部站点, or their titles. */
export const sitesLabel = (choices: readonly SiteChoice[] | null, ids: readonly number[] | null): string =>
  ids === null ? adminMessages.site.all : ids.map((id) => siteTitle(choices, id)).join('、');
