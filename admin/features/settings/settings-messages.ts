/** The 站点设置 page's strings (zh-CN). */
import type { FeedAccess } from '../../../contract/admin/settings.ts';

/**
 * The dictionary's types in words: contentType keys the app's /{type} pages
 * (server/routes/content-types.ts), movieSort and postSort word the sorts of the movie list and the
 * forum, region the movies' regions (server/seed). A type not here shows its code.
 */
const DICT_TYPES: Readonly<Record<string, string>> = {
  contentType: '内容专区',
  movieSort: '影片排序',
  postSort: '帖子排序',
  region: '地区',
};

export const settingsText = {
  title: '站点设置',
  site: '站点',
  noSites: '没有可管理的站点',
  tabs: {
    banners: '轮播图',
    cdn: 'CDN 线路',
    vip: 'VIP 套餐',
    coins: '金币套餐',
    goods: '积分商品',
    dictionary: '字典',
    sites: '站点',
  },
  /** A price in yuan with more than fen: refused before sending, never rounded without a word. */
  yuanFen: (label: string) => `${label}最多两位小数（精确到分）`,
  add: '新增',
  edit: '编辑',
  delete: '删除',
  save: '保存',
  saving: '保存中…',
  cancel: '取消',
  confirm: '确定',
  up: '上移',
  down: '下移',
  actions: '操作',
  status: '状态',
  enabled: '启用',
  disabled: '停用',
  enable: '启用',
  disable: '停用',
  empty: '还没有内容，点击「新增」添加',
  loading: '加载中…',
  order: '排序',
  confirmDelete: (what: string) => `确定删除「${what}」吗？此操作不可撤销。`,
  upload: '上传图片',
  uploading: '上传中…',
  noImage: '无图片',
  always: '不限',
  /** The banner as the app shows it (banner-frames.tsx). */
  bannerFrames: {
    phone: '手机 12:5',
    desktop: '电脑 3:1',
    hint: '建议 1200×480 像素（12:5，上传的图片会裁成这个尺寸）；电脑上显示为 3:1，上下各少约 1/10。',
    mismatch: (width: number, height: number, cut: 'sides' | 'ends') =>
      `图片比例（${width}×${height}）与轮播图不一致，${cut === 'sides' ? '两侧' : '上下'}会被裁掉`,
  },
  window: {
    live: '展示中',
    pending: '未开始',
    ended: '已结束',
    always: '长期',
  },
  health: {
    title: '健康',
    check: '检测线路',
    checking: '检测中…',
    ok: '正常',
    slow: (ms: number) => `延迟 ${ms} ms`,
    down: '不可达',
    unknown: '未检测',
  },
  stock: {
    title: '库存',
    button: '调整库存',
    set: '设为',
    delta: '增减（可为负数）',
    mode: '方式',
  },
  dictionary: {
    type: '类型',
    allTypes: '全部类型',
    key: '键',
    label: '显示名称',
    sort: '排序值',
    shared: '字典为全部站点共用。',
    types: DICT_TYPES,
  },
  sites: {
    add: '新增站点',
    host: '域名',
    title: '标题',
    description: '简介',
    colour: '主色',
    icon: '图标',
    iconUpload: '上传图标',
    iconHint: '正方形图片，至少 512×512，生成 192、512、可遮罩、180 等尺寸',
    account: 'accountId / appId',
    newHint: '新站点会复制演示站的第一条 CDN 线路和启用的 VIP、金币套餐，轮播图和积分商品为空。',
    defaultIcon: '默认图标',
    downloadDays: '离线下载天数',
    downloadDaysHint: 'VIP 下载的影片在设备上可播放的天数，1–365',
    feed: '采集接口',
    feedEnabled: '开放采集接口（MacCMS）',
    feedEnabledHint: '其他苹果 CMS 站点、TVBox 等应用可读取本站影片：/api.php/provide/vod/',
    feedAccess: '接口列出的影片',
    feedKey: '采集密钥',
    feedKeyHint: '8–64 位字母、数字、- 或 _；留空则不设密钥，设了之后采集地址须带 &key=密钥',
    feedOff: '关闭',
    feedKeyed: '需密钥',
    feedLevels: {
      free: '仅免费影片',
      'free,vip': '免费和 VIP 影片（VIP 只给试看）',
      'free,vip,coins': '全部影片（VIP 与付费只给试看）',
    } as Record<FeedAccess, string>,
    zone: (label: string, id: string) =>
      `时区：${label}（${id}），全部站点共用，由服务器配置 SITE_TIME_ZONE 设定，重启后生效。控制台的时间都按它显示和填写，签到、每日任务和统计也按它分日。`,
  },
};

/** A dictionary type in words (地区 for region), or its code when it has none. */
export const dictTypeLabel = (type: string): string => (Object.hasOwn(DICT_TYPES, type) ? DICT_TYPES[type]! : type);
