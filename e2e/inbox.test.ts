/**
 * The inbox in a real Chromium against the real server: member A (through the API) replies to B's
 * topic quoting B's floor and @mentioning B; B, in the browser, sees the unread count on the 我的
 * tab and /mine's 消息 entry, the reply under 回复我的 and the mention under @我的 with their
 * counts, opens the floor from the notice, and the counts clear after reading. The service
 * worker's push handling runs for real: Chromium delivers a push message to it through DevTools
 * (ServiceWorker.deliverPushMessage, no push service needed), the notification is read back from
 * the registration, and a click on it brings the window to the floor. The push opt-in's states
 * that need no push service (permission denied) are checked too. Screenshots of the inbox on a
 * phone and a desktop go to SHOTS (e2e/screenshots.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notice } from '../contract/calls/community.ts';
import { baseURL, DESKTOP, launch, noBrowser, openPage, PHONE, tokenCookie } from './browser.ts';
import { apiData } from './content-api.ts';
import { signedInUserId } from './member-flows.ts';
import { controlledBySw, openProfile } from './pwa-browser.ts';
import { newMemberToken, publishThroughApi } from './release-flows.ts';
import { shoot } from './screenshots.ts';

const byTestId = (page: Page, testId: string) => page.locator(`[data-testid=${testId}]`);
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
/** The count on an inbox tab ('' when it shows none). */
const tabCount = async (page: Page, name: string) =>
  (await tab(page, name).locator('.segment-tabs__count').allInnerTexts()).join('');
/** The 我的 tab's badge in the bottom bar ('' when it shows none). */
const tabBarBadge = async (page: Page) =>
  (await page.locator('.tab-nav--bottom [data-testid=tab-unread]').allInnerTexts()).join('');

/** Chromium's console line for Push in a context without a profile. */
const notFromIncognito = (problems: string[]) => problems.filter((line) => !line.includes('Push API in incognito'));

/** What the tests use of the service worker's global scope (the e2e types have no WebWorker lib). */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
}

interface Conversation {
  topicId: number;
  title: string;
  /** A's reply: its floor and text. */
  floor: number;
  text: string;
  nicknameOfA: string;
}

/** B owns a topic with a floor of B's own; A replies quoting that floor and @mentioning B. */
async function replyToB(tokenOfB: string, idOfB: number): Promise<Conversation> {
  const title = `收件箱测试 ${randomUUID().slice(0, 8)}`;
  const topicId = await publishThroughApi(tokenOfB, title, '这是 B 发的话题，欢迎讨论。');
  const key = () => randomUUID();
  const own = await apiData(
    '/reply/create',
    { targetType: 'post', targetId: topicId, body: 'B 在自己的话题里补充一句', idempotencyKey: key() },
    tokenOfB,
  );
  const tokenOfA = await newMemberToken();
  const nicknameOfB = (await apiData('/current', {}, tokenOfB)).nickname;
  const text = `@${nicknameOfB} 说得对，我也这么觉得 ${randomUUID().slice(0, 6)}`;
  const reply = await apiData(
    '/reply/create',
    { targetType: 'post', targetId: topicId, body: text, quoteId: own.id, mentions: [idOfB], idempotencyKey: key() },
    tokenOfA,
  );
  const nicknameOfA = (await apiData('/current', {}, tokenOfA)).nickname;
  return { topicId, title, floor: reply.floor, text, nicknameOfA };
}

/** B: a member signed in in the browser, with A's reply and mention waiting. */
async function memberWithNotices(browser: Browser, device: typeof PHONE | typeof DESKTOP = PHONE) {
  const watched = await openPage(browser, device);
  const idOfB = await signedInUserId(watched.page);
  const tokenOfB = (await tokenCookie(watched.context))!.value;
  const conversation = await replyToB(tokenOfB, idOfB);
  return { ...watched, idOfB, tokenOfB, conversation };
}

/** The registration id DevTools knows the page's service worker by (the ServiceWorker domain on from now on). */
async function registrationIdOf(cdp: CDPSession): Promise<string> {
  const ids: string[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    for (const registration of registrations) if (!registration.isDeleted) ids.push(registration.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => ids.length).toBeGreaterThan(0);
  return ids[0]!;
}

describe.skipIf(noBrowser)('the inbox in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('B sees the counts, the reply under 回复我的 and the mention under @我的, opens the floor; reading clears the counts', async () => {
    const { page, context, problems, tokenOfB, conversation } = await memberWithNotices(browser);
    const { topicId, title, floor, text, nicknameOfA } = conversation;

    // Fetched at start: the 我的 tab and /mine's 消息 entry.
    await page.goto('/mine');
    await expect.poll(() => tabBarBadge(page), { timeout: 20_000 }).toBe('2');
    await expect.poll(() => byTestId(page, 'mine-unread').innerText()).toBe('2');
    await shoot(page, 'inbox-mine-phone', { settle: true });

    // Opened on 系统通知 (empty): the other tabs keep their counts.
    await page.goto('/mine/message?tab=system');
    await expect.poll(() => byTestId(page, 'inbox-empty').innerText(), { timeout: 20_000 }).toContain('暂无系统通知');
    expect(await tabCount(page, '回复我的')).toBe('1');
    expect(await tabCount(page, '@我的')).toBe('1');
    expect(await tabCount(page, '收到的赞')).toBe('');

    // @我的: the mention, who and what; once shown, its count clears (the tab bar's follows).
    await tab(page, '@我的').click();
    const mention = byTestId(page, 'notice').first();
    await expect.poll(() => mention.getAttribute('data-type'), { timeout: 20_000 }).toBe('mention');
    expect(await mention.locator('[data-testid=notice-actor]').innerText()).toBe(nicknameOfA);
    const mentionText = await mention.innerText();
    // An @ in a reply to a topic is a reply's (a movie's comments say 在评论中@了你).
    expect(mentionText).toContain('在回复中@了你');
    expect(mentionText).toContain(text);
    expect(mentionText).toContain(title);
    expect(mentionText).toContain('刚刚');
    await expect.poll(() => tabCount(page, '@我的')).toBe('');
    expect(await tabCount(page, '回复我的')).toBe('1');

    // 回复我的: the reply, still marked new while shown; then every count is gone.
    await tab(page, '回复我的').click();
    const reply = byTestId(page, 'notice').first();
    await expect.poll(() => reply.getAttribute('data-type'), { timeout: 20_000 }).toBe('reply');
    expect(await reply.innerText()).toContain('回复了你');
    expect(await reply.getAttribute('class')).toContain('is-unread');
    await expect.poll(() => tabCount(page, '回复我的')).toBe('');
    await shoot(page, 'inbox-phone', { settle: true });
    const theme = (mode: string) => page.evaluate((m) => document.documentElement.setAttribute('data-theme', m), mode);
    await theme('dark');
    await shoot(page, 'inbox-phone-dark', { settle: true });
    await theme('light');
    // A tap opens the floor.
    await reply.click();
    await page.waitForURL(
      (url) => url.pathname === `/topic/${topicId}` && url.searchParams.get('floor') === `${floor}`,
    );
    const floorRow = page.locator(`[data-testid=reply][data-floor="${floor}"]`);
    await expect.poll(() => floorRow.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect
      .poll(() =>
        floorRow.evaluate((row) => {
          const { top } = row.getBoundingClientRect();
          return top >= 0 && top < innerHeight;
        }),
      )
      .toBe(true);
    expect(await floorRow.innerText()).toContain(text);

    // Read everywhere: no badge on the 我的 tab (sub-pages have no tab bar) nor on /mine's entry.
    const countsAnswered = page.waitForResponse((response) => response.url().endsWith('/api/notice/unread'));
    await page.goto('/mine');
    await countsAnswered;
    await expect.poll(() => byTestId(page, 'user-id').count(), { timeout: 20_000 }).toBe(1);
    expect(await tabBarBadge(page)).toBe('');
    expect(await byTestId(page, 'mine-unread').count()).toBe(0);
    // The server agrees: nothing unread, both notices read.
    expect((await apiData('/notice/unread', {}, tokenOfB)).total).toBe(0);
    const notices: Notice[] = (await apiData('/notice/getPage', {}, tokenOfB)).list;
    expect(notices.map((notice) => [notice.type, notice.read])).toEqual(
      expect.arrayContaining([
        ['reply', true],
        ['mention', true],
      ]),
    );
    // Back in the inbox, the reply is no longer marked new.
    await page.goto('/mine/message?tab=reply');
    await expect.poll(() => byTestId(page, 'notice').first().getAttribute('class'), { timeout: 20_000 }).toBe('notice');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a notice that arrives while the page is open shows on the 我的 tab at the next check, within a minute', async () => {
    const { page, context, problems } = await openPage(browser);
    await page.clock.install(); // the page's own timers, moved on below instead of waiting a minute
    const idOfB = await signedInUserId(page);
    const tokenOfB = (await tokenCookie(context))!.value;
    const firstCheck = page.waitForResponse((response) => response.url().endsWith('/api/notice/unread'));
    await page.goto('/mine');
    await firstCheck;
    expect(await tabBarBadge(page)).toBe('');

    await replyToB(tokenOfB, idOfB); // A's reply and mention, while B looks at /mine
    await page.clock.fastForward(30_000);
    expect(await tabBarBadge(page)).toBe(''); // not yet: the next check is a minute after the last
    await page.clock.fastForward(31_000);
    await expect.poll(() => tabBarBadge(page), { timeout: 10_000 }).toBe('2');
    expect(await byTestId(page, 'mine-unread').innerText()).toBe('2');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the installed app shows the unread total on its icon and clears it once read', async () => {
    const { page, context, close } = await openProfile(DESKTOP, [`--app=${baseURL}/`]);
    // Records what the app asks of the real Badging API (the call still goes through).
    await page.addInitScript(() => {
      const calls: Array<number | null> = [];
      Object.assign(window, { badgeCalls: calls });
      const set = navigator.setAppBadge?.bind(navigator);
      const clear = navigator.clearAppBadge?.bind(navigator);
      if (set) navigator.setAppBadge = (count?: number) => (calls.push(count ?? -1), set(count));
      if (clear) navigator.clearAppBadge = () => (calls.push(null), clear());
    });
    const badgeCalls = () =>
      page.evaluate(() => (window as unknown as { badgeCalls: Array<number | null> }).badgeCalls);
    await page.goto('/');
    expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
    expect(await page.evaluate(() => typeof navigator.setAppBadge)).toBe('function');
    // (Not signedInUserId: reading IndexedDB before the app has made its store would break it.)
    await expect.poll(async () => (await tokenCookie(context))?.value ?? null, { timeout: 30_000 }).not.toBeNull();
    const tokenOfB = (await tokenCookie(context))!.value;
    await replyToB(tokenOfB, (await apiData('/current', {}, tokenOfB)).id);

    await page.goto('/mine');
    await expect.poll(badgeCalls, { timeout: 20_000 }).toEqual([2]);
    await apiData('/notice/read', { type: 'reply' }, tokenOfB);
    await apiData('/notice/read', { type: 'mention' }, tokenOfB);
    await page.reload();
    await expect.poll(badgeCalls, { timeout: 20_000 }).toEqual([null]);
    await close();
  });

  it('lays the inbox out on a desktop: the list beside the push settings, counts on the top bar', async () => {
    const { page, context, problems } = await memberWithNotices(browser, {
      ...DESKTOP,
      viewport: { width: 1366, height: 900 },
    });
    await page.goto('/mine');
    await expect
      .poll(() => page.locator('.tab-nav--top [data-testid=tab-unread]').innerText(), { timeout: 20_000 })
      .toBe('2');
    await shoot(page, 'inbox-desktop-mine', { settle: true });
    await page.goto('/mine/message?tab=system');
    await expect.poll(() => tabCount(page, '@我的'), { timeout: 20_000 }).toBe('1');
    await tab(page, '@我的').click();
    await expect.poll(() => byTestId(page, 'notice').count(), { timeout: 20_000 }).toBe(1);
    const list = await page.locator('.inbox__main').boundingBox();
    const side = await byTestId(page, 'push-panel').boundingBox();
    expect(side!.x).toBeGreaterThan(list!.x + list!.width - 1); // side by side, not stacked
    await shoot(page, 'inbox-desktop', { settle: true });
    await page.waitForLoadState('networkidle'); // every request answered: a failed one is among the problems
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the service worker shows a delivered push and a click on it brings the window to the floor', async () => {
    const { page, context, problems, tokenOfB, conversation } = await memberWithNotices(browser);
    await context.grantPermissions(['notifications']);
    await page.goto('/mine');
    await controlledBySw(page);
    const [notice] = (await apiData('/notice/getPage', { type: 'reply' }, tokenOfB)).list;
    const payload = {
      title: `${notice!.actor!.nickname} 回复了你`,
      body: notice!.excerpt,
      link: notice!.link,
      type: notice!.type,
      noticeId: notice!.id,
    };
    expect(payload.link).toBe(`/topic/${conversation.topicId}?floor=${conversation.floor}`);

    // The page fetches its counts again when the worker reports the push.
    const countsAsked = page.waitForRequest((request) => request.url().endsWith('/api/notice/unread'));
    countsAsked.catch(() => undefined); // awaited below; not an unhandled rejection when a step before fails
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(baseURL).origin,
      registrationId: await registrationIdOf(cdp),
      data: JSON.stringify(payload),
    });
    const worker = context.serviceWorkers()[0]!;
    const shown = () =>
      worker.evaluate(async () =>
        (await (self as unknown as WorkerScope).registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data as unknown,
          icon: new URL(n.icon).pathname,
        })),
      );
    await expect.poll(shown, { timeout: 30_000 }).toEqual([
      {
        title: payload.title,
        body: payload.body,
        tag: `notice-${payload.noticeId}`,
        data: { link: payload.link },
        icon: '/icons/icon-192.png',
      },
    ]);
    await countsAsked;

    // The click: the worker's own notificationclick handler with the notification it showed.
    await worker.evaluate(async () => {
      const scope = self as unknown as WorkerScope;
      const [shownNotice] = await scope.registration.getNotifications();
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: shownNotice! }));
    });
    await page.waitForURL(
      (url) =>
        url.pathname === `/topic/${conversation.topicId}` && url.searchParams.get('floor') === `${conversation.floor}`,
      { timeout: 20_000 },
    );
    await expect
      .poll(() => page.locator(`[data-testid=reply][data-floor="${conversation.floor}"]`).isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(await shown()).toEqual([]); // the click closed it
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a switch turned on where the browser refuses a push subscription says so and stays off', async () => {
    // Chromium refuses Push in a context without a profile (as in incognito): the refusal is real.
    const { page, context, problems } = await openPage(browser);
    await context.grantPermissions(['notifications']);
    await signedInUserId(page);
    await page.goto('/mine/message');
    await controlledBySw(page);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/push/')) sent.push(new URL(request.url()).pathname);
    });
    await byTestId(page, 'push-reply').click();
    await expect.poll(() => byTestId(page, 'push-error').count(), { timeout: 20_000 }).toBe(1);
    expect(await byTestId(page, 'push-error').innerText()).toBe('开启推送失败，请稍后再试');
    expect(await byTestId(page, 'push-reply').isChecked()).toBe(false);
    expect(sent).toEqual(['/api/push/vapidKey']); // the key was fetched; nothing subscribed on the server
    expect(notFromIncognito(problems)).toEqual([]);
    await context.close();
  });

  it('the push settings say when notifications are blocked, and keep every switch off', async () => {
    const { page, context, problems } = await openPage(browser);
    await signedInUserId(page);
    const cdp = await context.newCDPSession(page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.send('Browser.setPermission', {
      origin: new URL(baseURL).origin,
      browserContextId: targetInfo.browserContextId,
      permission: { name: 'notifications' },
      setting: 'denied',
    });
    expect(await page.evaluate(() => Notification.permission)).toBe('denied');
    await page.goto('/mine/message');
    const panel = byTestId(page, 'push-panel');
    await expect.poll(() => panel.innerText(), { timeout: 20_000 }).toContain('通知权限已被拒绝');
    for (const type of ['reply', 'mention', 'like', 'system']) {
      const toggle = byTestId(page, `push-${type}`);
      expect(await toggle.isChecked()).toBe(false);
      expect(await toggle.isDisabled()).toBe(true);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
