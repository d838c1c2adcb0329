/** Every browser-storage key of the app, defined once. */

/** Keys of the persisted stores in idb-keyval's default IndexedDB store ("keyval-store" / "keyval"). */
export const STORE_KEYS = {
  user: 'user',
  device: 'device',
  site: 'site',
  /** App-wide lists of /system/init (banners, categories, CDN lines, dictionary, hot tags). */
  appInit: 'app-init',
  /** The chosen CDN line. */
  cdn: 'cdn',
  /** Watch and read history. */
  history: 'history',
  /** The notice types this device wants pushed (features/notifications/push-store.ts). */
  push: 'push',
  /** Drafts of replies and movie comments, one per target (features/replies/reply-drafts.ts). */
  replyDrafts: 'reply-drafts',
  /** Danmaku settings per user (switch, density, opacity, blocked words). */
  danmakuSettings: 'danmaku-settings',
  /** Offline downloads: their records (features/downloads/download-store.ts); the media is in Cache Storage. */
  downloads: 'downloads',
  /** The member's favourites and likes, for /mine/like offline (features/saved/saved-store.ts). */
  saved: 'saved',
} as const;

/** localStorage: the colour-mode preference (docs/spec.md section 4). index.html reads it too, before first paint. */
export const THEME_MODE_KEY = 'theme-mode';

/** localStorage: the player's 清晰度 choice, a height ("720") or "auto" (features/player/quality.ts). */
export const PLAYER_QUALITY_KEY = 'player-quality';

/** localStorage: the player's last volume, mute and speed, for the next video (features/player/use-playback-prefs.ts). */
export const PLAYER_PREFS_KEY = 'player-prefs';

/** localStorage: 'off' when the player should not skip a series' intro and outro (features/player/skip-marks-setting.ts). */
export const SKIP_MARKS_KEY = 'skip-marks';

/**
 * localStorage: the last watch positions, written synchronously on every save so a reload or a
 * closed tab keeps the last one even when IndexedDB could not finish (features/history/watch-journal.ts).
 */
export const WATCH_JOURNAL_KEY = 'watch-journal';

/**
 * localStorage: when the watch history was last cleared on this device and whether the server was
 * told, `{"at": ms, "sent": boolean}` (features/history/watch-journal.ts): older entries never come back.
 */
export const WATCH_CLEARED_KEY = 'watch-cleared';

/** sessionStorage: set by a logout just before the app reloads, so the new start says 已退出登录 (features/account/). */
export const LOGGED_OUT_KEY = 'logged-out';

/** sessionStorage: when the page last reloaded itself after a chunk-load error. */
export const CHUNK_RELOAD_AT_KEY = 'chunk-reload-at';

/** localStorage: when the iOS Safari 添加到主屏幕 guide was shown on this device (features/arrival/): once only. */
export const IOS_INSTALL_GUIDE_KEY = 'ios-install-guide';

/** sessionStorage: the in-app browser guide (WeChat, QQ) was closed for this visit (features/arrival/). */
export const IN_APP_GUIDE_CLOSED_KEY = 'in-app-guide-closed';
