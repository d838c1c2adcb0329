/**
 * Every product call's path, defined once (docs/spec.md section 7, docs/api.md), and which calls
 * travel with an encrypted payload or without the signed wrapper, and which are public reads.
 */
export const API = {
  registerDevice: '/register/deviceId',
  loginDevice: '/login/deviceId',
  loginAccount: '/login/account',
  bindAccount: '/bind/account',
  current: '/current',
  getUserInfo: '/getUserInfo',

  init: '/system/init',
  home: '/home/getIndex',
  banners: '/system/bannerset/getList',
  bannerClick: '/system/bannerset/clickBanner',
  categoryTree: '/category/getTree',
  categoryDetail: '/category/detail',
  cdnLines: '/system/cdn/getLines',
  dictionary: '/system/dict/getAll',
  hotTags: '/long/tag/getHotTag',
  allTags: '/long/tag/getAllTag',
  tagDetail: '/long/tag/detail',
  moviePage: '/movie/getPage',
  movieDetail: '/movie/detail',
  moviePlay: '/movie/play',
  movieLike: '/movie/like',
  movieFavourite: '/long/handle/userFavorRecord',
  topicPage: '/topic/getPage',
  topicDetail: '/topic/detail',
  topicReplies: '/topic/replyPage',
  topicLike: '/topic/like',
  topicFavourite: '/topic/favor',
  forumList: '/forum/getList',
  forumDetail: '/forum/detail',
  chiguaPage: '/chigua/getPage',
  chiguaDetail: '/chigua/detail',
  archivesPage: '/archives/getPage',
  archivesDetail: '/archives/detail',
  userPage: '/user/getPage',
  userDetail: '/user/detail',
  featuredList: '/featured/getList',
  featuredDetail: '/featured/detail',
  // Search (contract/calls/search.ts): no session needed.
  searchAll: '/search/all',
  searchMovies: '/search/movies',
  searchPosts: '/search/posts',
  searchUsers: '/search/users',
  searchSuggest: '/search/suggest',
  searchHot: '/search/hot',
  typeInfo: '/content/typeInfo',
  typePage: '/content/typePage',

  // Member area (contract/calls/member.ts): VIP, wallet, purchases, saved items,
  // watch heartbeats, points mall, personal info. All need a session.
  vipPlans: '/system/vipsetting/userGetVipSet',
  depositVip: '/deposit/vip',
  coinPackages: '/system/goldset/useGetGoldSet',
  depositCoin: '/deposit/coin',
  depositOrder: '/deposit/order',
  depositOpen: '/deposit/openList',
  depositRecheck: '/deposit/recheck',
  coinLedger: '/tradPage',
  pointsLedger: '/points/ledgerPage',
  buyMovie: '/buy/movie',
  buyArticle: '/buy/article',
  moviePurchases: '/long/buy/getPage',
  articlePurchases: '/buyPage',
  favourites: '/article/favorPage',
  likes: '/like/getPage',
  movieHeartbeat: '/movie/heartbeat',
  pointTasks: '/activity/pointstaskprogress/userGetPointTaskProgress',
  claimTask: '/activity/pointsmall/userReceivePoints',
  goodsPage: '/activity/pointsgoods/userGetGoodsPage',
  exchangeGoods: '/activity/pointsmall/userExchangePointsGoods',
  exchangePage: '/activity/pointsmall/userExchangePage',
  checkinStatus: '/activity/checkin/userGetCheckin',
  checkIn: '/activity/checkin/userCheckin',
  checkinMakeup: '/activity/checkin/userMakeup',
  updatePersonal: '/personal/update',
  uploadImage: '/shard/memberUploadImg',

  // Publishing (contract/calls/publish.ts): resumable chunked upload, topics.
  chunkCheck: '/file/chunk/check',
  chunkUpload: '/file/chunk/upload',
  chunkMerge: '/file/chunk/merge',
  chunkCancel: '/file/chunk/cancel',
  topicPublish: '/topic/publish',
  topicVideo: '/topic/video',

  // Community (contract/calls/community.ts): replies and movie comments, danmaku, the inbox, Web
  // Push and reports.
  replyCreate: '/reply/create',
  replyPage: '/reply/getPage',
  replyFloor: '/reply/floor',
  replyLike: '/reply/like',
  replyDelete: '/reply/delete',
  danmakuSend: '/danmaku/send',
  danmakuRange: '/danmaku/getRange',
  noticePage: '/notice/getPage',
  noticeUnread: '/notice/unread',
  noticeRead: '/notice/read',
  pushVapidKey: '/push/vapidKey',
  pushSubscribe: '/push/subscribe',
  pushUnsubscribe: '/push/unsubscribe',
  reportCreate: '/report/create',
  userSuggest: '/user/suggest',

  // The watch history on the server (contract/calls/watch-history.ts).
  watchHistory: '/movie/history/list',
  watchHistoryClear: '/movie/history/clear',

  // Offline downloads for VIP members (contract/calls/downloads.ts).
  downloadOptions: '/download/options',
  downloadTicket: '/download/ticket',
} as const;

export type ApiPath = (typeof API)[keyof typeof API];

/** Payload sent as encryptHex(payload): passwords never travel as plain JSON. */
export const ENCRYPTED_PAYLOAD_PATHS: ReadonlySet<string> = new Set([API.loginAccount, API.bindAccount]);

/** Plain (unsigned) calls: image upload and the three chunk calls. */
export const UNSIGNED_PATHS: ReadonlySet<string> = new Set([
  API.uploadImage,
  API.chunkCheck,
  API.chunkUpload,
  API.chunkMerge,
]);

/**
 * Public reads: the server answers them alike for every visitor (auth 'none', checked by
 * server/test/public-paths.test.ts), so the client sends them without waiting for a device sign-in.
 */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  API.init,
  API.home,
  API.banners,
  API.categoryTree,
  API.categoryDetail,
  API.cdnLines,
  API.dictionary,
  API.hotTags,
  API.allTags,
  API.tagDetail,
  API.moviePage,
  API.topicPage,
  API.forumList,
  API.forumDetail,
  API.chiguaPage,
  API.archivesPage,
  API.userPage,
  API.userDetail,
  API.featuredList,
  API.featuredDetail,
  API.searchAll,
  API.searchMovies,
  API.searchPosts,
  API.searchUsers,
  API.searchSuggest,
  API.searchHot,
  API.typeInfo,
  API.typePage,
]);

/** The site info call on the app's own origin, plain JSON (not an envelope). */
export const SITE_INFO_PATH = '/api/fetch-data';

/** The MacCMS v10 provide feed of a site, in plain HTTP (server/supply/provide-routes.ts, docs/api.md). */
export const VOD_FEED_PATH = '/api.php/provide/vod';

/** Iconify-style icon endpoint: GET /api/icons?icons=a,b (docs/spec.md section 7). */
export const ICONS_PATH = '/api/icons';
