/**
 * When the app's dialogs may show (docs/spec.md section 3: dialog, dialog4, dialog9, dialog16), pure so
 * the rules can be tested with a fake clock:
 *
 *   dialog    the site notice, on the home page, at most once a calendar day
 *   dialog16  the check-in reminder, when today's check-in is claimable, at most once a day
 *   dialog9   the VIP offer, for a signed-in visitor who is not VIP, at most every 2 days
 *   dialog4   the add-to-home-screen guide, when the app can be installed and is not running
 *             installed (standalone), at most every 3 days
 *
 * Listed in priority order; the host (src/features/start-dialogs/dialog-host.tsx) shows the first one that
 * is due and eligible, at most one per page view, never two at once, and none within DIALOG_GAP_MS
 * of the previous one, so a visitor is not met by a dialog on every page of a first visit. Each
 * one's last-shown time is the user store's dialogTimes.
 */
import type { DialogName, DialogTimes } from '../../stores/user.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** No dialog within this time of the last one shown (of any kind). */
export const DIALOG_GAP_MS = 10 * 60_000;

export interface DialogContext {
  pathname: string;
  signedIn: boolean;
  isVip: boolean;
  /** Running as an installed app (display-mode: standalone, or iOS navigator.standalone). */
  standalone: boolean;
  /** A captured beforeinstallprompt (Chromium); iOS Safari has its own guide (features/arrival/). */
  installable: boolean;
}

/** 'day': once per local calendar day; a number: at least that many ms since it was last shown. */
export type DialogInterval = 'day' | number;

interface DialogRule {
  name: DialogName;
  every: DialogInterval;
  eligible: (context: DialogContext) => boolean;
}

/** Pages where no dialog interrupts: signing in, playback, a return from the cashier is handled there. */
const QUIET_PAGES = /^\/(login|register|movie\/play\/)/;

export const DIALOG_RULES: readonly DialogRule[] = [
  { name: 'dialog', every: 'day', eligible: (c) => c.pathname === '/' },
  // Eligible here means "may be due": the host asks the server whether check-in is claimable.
  { name: 'dialog16', every: 'day', eligible: (c) => c.signedIn },
  { name: 'dialog9', every: 2 * DAY, eligible: (c) => c.signedIn && !c.isVip },
  { name: 'dialog4', every: 3 * DAY, eligible: (c) => c.installable && !c.standalone },
];

const startOfDay = (ms: number): number => {
  const date = new Date(ms);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
};

/** Whether a dialog last shown at `last` (ms, null: never) may show again at `now`. */
export function isDue(last: number | null, every: DialogInterval, now: number): boolean {
  if (last === null || last > now) return true; // never shown, or the clock was set back
  return every === 'day' ? startOfDay(last) !== startOfDay(now) : now - last >= every;
}

/** The dialogs that may show now, in priority order (the host takes the first that applies). */
export function dueDialogs(context: DialogContext, times: Readonly<DialogTimes>, now: number): DialogName[] {
  if (QUIET_PAGES.test(context.pathname)) return [];
  const last = Math.max(0, ...Object.values(times).map((time) => (time !== null && time <= now ? time : 0)));
  if (last > 0 && now - last < DIALOG_GAP_MS) return [];
  return DIALOG_RULES.filter((rule) => rule.eligible(context) && isDue(times[rule.name], rule.every, now)).map(
    (rule) => rule.name,
  );
}

export interface SuppressionInputs {
  /** location.search */
  search: string;
  /** localStorage.getItem */
  getItem: (key: string) => string | null;
  /** navigator.webdriver: browser automation (the e2e suite). */
  webdriver: boolean;
}

/** localStorage key: any value turns the dialogs off in this browser. */
export const DIALOGS_OFF_KEY = 'dialogs-off';
/** localStorage key: any value turns them on under automation (an e2e test of the dialogs). */
export const DIALOGS_FORCE_KEY = 'dialogs-force';

/**
 * Dialogs stay away from browser tests: `?nodialogs` in the URL or the localStorage key
 * 'dialogs-off' always suppress them; under navigator.webdriver they are off too, unless the
 * localStorage key 'dialogs-force' is set (the dialogs' own e2e test sets it).
 */
export function dialogsSuppressed({ search, getItem, webdriver }: SuppressionInputs): boolean {
  if (new URLSearchParams(search).has('nodialogs') || getItem(DIALOGS_OFF_KEY) !== null) return true;
  return webdriver && getItem(DIALOGS_FORCE_KEY) === null;
}
