/**
 * Which browser a visitor arrived in, from the user agent (pure, so every agent string is tested):
 *
 * - inAppBrowser: WeChat's (MicroMessenger, iOS and Android, WeChat Work's wxwork too) and QQ's
 *   (mobile QQ's web view: "QQ/<version>" on iOS and Android; on Android it also carries
 *   "MQQBrowser", the X5 core QQ's web view is built on). These cannot install the app nor keep
 *   its data, so the app shows the guide to open the page in the system browser.
 *   MQQBrowser alone is the standalone QQ 浏览器, a real browser that keeps data: not flagged. The
 *   test that tells them apart is the "QQ/" token (with a boundary, so "MQQBrowser/" never matches).
 * - isIosSafari: Safari on an iPhone, iPad or iPod (an iPad may say "Macintosh"; pass
 *   navigator.maxTouchPoints), the browser whose share sheet has 添加到主屏幕. Chrome, Firefox, Edge,
 *   Opera and the in-app and Chinese browsers on iOS are not Safari.
 */
import { detectPlatform } from '../../lib/platform.ts';

export type InAppBrowser = 'wechat' | 'qq';

export function inAppBrowser(userAgent: string): InAppBrowser | null {
  if (/MicroMessenger\//i.test(userAgent)) return 'wechat';
  if (/(^|[^A-Za-z])QQ\/\d/.test(userAgent)) return 'qq';
  return null;
}

const NOT_SAFARI =
  /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|YaBrowser|MicroMessenger|QQ\/|MQQBrowser|UCBrowser|baiduboxapp|Weibo|DingTalk|AliApp|SogouMobileBrowser|Quark/i;

export function isIosSafari(userAgent: string, maxTouchPoints = 0): boolean {
  return (
    detectPlatform(userAgent, maxTouchPoints) === 'ios' && /Safari\//.test(userAgent) && !NOT_SAFARI.test(userAgent)
  );
}
