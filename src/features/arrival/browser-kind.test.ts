import { describe, expect, it } from 'vitest';
import { inAppBrowser, isIosSafari } from './browser-kind.ts';

/** Real agent strings of each browser (as sent by the devices). */
const AGENTS = {
  wechatIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/111.0.5563.116 Mobile Safari/537.36 XWEB/1110005 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  qqIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 QQ/9.0.1.608 V1_IPH_SQ_9.0.1_1_APP_A Pixel/1170 MiniAppEnable SimpleUISwitch/0 StudyMode/0 CurrentMode/0 CurrentFontScale/1.000000 QQTheme/1000 AppId/537198874 Core/WKWebView Device/Apple(iPhone 13) NetType/WIFI QBWebViewType/1 WKType/1',
  qqAndroid:
    'Mozilla/5.0 (Linux; Android 12; M2102K1C Build/SKQ1.211006.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/98.0.4758.102 MQQBrowser/6.2 TBS/046805 Mobile Safari/537.36 V1_AND_SQ_8.9.83_4680_YYB_D QQ/8.9.83.12605 NetType/WIFI WebP/0.3.0 AppId/537175315 Pixel/1080 StatusBarHeight/110 SimpleUISwitch/0 QQTheme/1000 StudyMode/0 CurrentMode/0 CurrentFontScale/1.0 GlobalDensityScale/0.9818182 AllowLandscape/false InMagicWin/0',
  safariIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  safariIpad:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  chromeDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  mqqBrowser:
    'Mozilla/5.0 (Linux; U; Android 12; zh-cn; PEGM00 Build/SKQ1.210216.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/89.0.4389.72 MQQBrowser/13.6 Mobile Safari/537.36 COVC/046507',
  mqqBrowserIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 MQQBrowser/14.2.5 Mobile/15E148 Safari/604.1 QBWebViewUA/2 QBWebViewType/1 WKType/1',
  uc: 'Mozilla/5.0 (Linux; U; Android 11; zh-CN; M2012K11AC Build/RKQ1.200826.002) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.108 UCBrowser/15.3.8.1208 Mobile Safari/537.36',
  ucIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 UCBrowser/15.5.0.2073 Mobile AliApp(TUnionSDK/0.1.20.4) Safari/604.1',
} as const;

describe('inAppBrowser', () => {
  it('flags WeChat on iOS', () => expect(inAppBrowser(AGENTS.wechatIos)).toBe('wechat'));
  it('flags WeChat on Android', () => expect(inAppBrowser(AGENTS.wechatAndroid)).toBe('wechat'));
  it('flags QQ on iOS', () => expect(inAppBrowser(AGENTS.qqIos)).toBe('qq'));
  it('flags QQ on Android (its web view carries MQQBrowser too)', () =>
    expect(inAppBrowser(AGENTS.qqAndroid)).toBe('qq'));
  it('does not flag Safari', () => {
    expect(inAppBrowser(AGENTS.safariIos)).toBeNull();
    expect(inAppBrowser(AGENTS.safariIpad)).toBeNull();
  });
  it('does not flag Chrome', () => {
    expect(inAppBrowser(AGENTS.chromeAndroid)).toBeNull();
    expect(inAppBrowser(AGENTS.chromeIos)).toBeNull();
    expect(inAppBrowser(AGENTS.chromeDesktop)).toBeNull();
  });
  it('does not flag the standalone QQ 浏览器 (MQQBrowser)', () => {
    expect(inAppBrowser(AGENTS.mqqBrowser)).toBeNull();
    expect(inAppBrowser(AGENTS.mqqBrowserIos)).toBeNull();
  });
  it('does not flag UC', () => {
    expect(inAppBrowser(AGENTS.uc)).toBeNull();
    expect(inAppBrowser(AGENTS.ucIos)).toBeNull();
  });
});

describe('isIosSafari', () => {
  it('is Safari on an iPhone, and on an iPad that says Macintosh but has touch', () => {
    expect(isIosSafari(AGENTS.safariIos)).toBe(true);
    expect(isIosSafari(AGENTS.safariIpad, 5)).toBe(true);
  });
  it('is not desktop Safari, nor the other browsers and in-app views on iOS', () => {
    expect(isIosSafari(AGENTS.safariIpad, 0)).toBe(false);
    for (const agent of [AGENTS.chromeIos, AGENTS.wechatIos, AGENTS.qqIos, AGENTS.mqqBrowserIos, AGENTS.ucIos])
      expect(isIosSafari(agent)).toBe(false);
  });
  it('is not an Android or desktop browser', () => {
    expect(isIosSafari(AGENTS.chromeAndroid)).toBe(false);
    expect(isIosSafari(AGENTS.chromeDesktop)).toBe(false);
  });
});
