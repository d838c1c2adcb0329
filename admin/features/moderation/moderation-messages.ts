/** The 审核 section's strings (zh-CN), one place. */
import { zoned } from '../../components/console-time.ts';
import type {
  ItemState,
  ModerationAction,
  ModerationItem,
  ModerationKind,
} from '../../../contract/admin/moderation.ts';
import type { PostKind, WordAction } from '../../../contract/enums.ts';

export const KIND_LABELS: Record<ModerationKind, string> = {
  reply: '回复',
  comment: '影片评论',
  danmaku: '弹幕',
  post: '帖子',
  upload: '图片/视频',
  user: '用户资料',
};

/** A post's card says which kind of post it is. */
export const POST_KIND_LABELS: Record<PostKind, string> = { topic: '话题', chigua: '吃瓜', article: '文章' };

/** A card's title in words: 吃瓜「标题」 for a post, 回复 · 作者昵称 for the rest (the id is shown apart). */
export function itemTitle(item: ModerationItem): string {
  const noun = item.postKind ? POST_KIND_LABELS[item.postKind] : KIND_LABELS[item.kind];
  if (item.title) return `${noun}「${item.title}」`;
  return item.author?.nickname ? `${noun} · ${item.author.nickname}` : noun;
}

export const STATE_LABELS: Record<ItemState, string> = {
  pending: '待处理',
  auto_hidden: '举报已隐藏',
  held: '首帖待审',
  approved: '已通过',
  hidden: '已隐藏',
  deleted: '已删除',
};

export const ACTION_LABELS: Record<ModerationAction, string> = { approve: '通过', hide: '隐藏', delete: '删除' };

export const WORD_ACTION_LABELS: Record<WordAction, string> = { refuse: '拒绝发送', mask: '替换为 *' };

/** Reasons offered in the decision and sanction dialogs (free text is always possible). */
export const COMMON_REASONS = [
  '广告引流',
  '辱骂、人身攻击',
  '色情低俗',
  '违法违规信息',
  '恶意剧透',
  '刷屏灌水',
] as const;

export const moderationText = {
  title: '审核',
  tabs: { pending: '待处理', handled: '已处理', words: '敏感词', settings: '设置' },
  allTypes: '全部类型',
  type: '类型',
  empty: '没有需要处理的内容',
  emptyHandled: '还没有处理过的内容',
  loading: '加载中…',
  more: '加载更多',
  end: '没有更多了',
  reports: (n: number) => `${n} 次举报`,
  uncountedReports: (n: number) => `其中 ${n} 次不计入自动隐藏`,
  uncounted: '不计入自动隐藏',
  uncountedHint: '举报人是新设备、未绑定账号、注册不满一天、没有发言或被禁言的用户，其举报仅供审核参考',
  bursts: {
    title: '集中举报',
    line: (reporters: number, minutes: number, items: number, reports: number) =>
      `${minutes} 分钟内 ${reporters} 人举报了该用户的 ${items} 条内容，共 ${reports} 次`,
    uncounted: (n: number) => `其中 ${n} 人的举报不计入自动隐藏`,
    span: (from: string, to: string) => `${from} 至 ${to}`,
  },
  firstPost: '新用户首帖',
  author: '作者',
  noAuthor: '（无作者）',
  open: '查看原文',
  video: '含视频',
  reporters: '举报记录',
  decidedBy: (who: string | null, at: string) => `${who ?? '—'} 于 ${at}`,
  deletedText: '（内容已删除）',
  dialogTitle: (action: string) => `${action}内容`,
  /** The queue's selection and its bulk 隐藏 (one reason for all, then an undo toast). */
  bulk: {
    /** What the chosen items are counted in (已选 2 条). */
    unit: '条',
    hide: '隐藏所选',
    dialogTitle: (n: number) => `隐藏 ${n} 条内容`,
    done: (n: number) => `已隐藏 ${n} 条内容`,
    /** The reason the undo's 通过 is recorded with. */
    undoReason: '撤销批量隐藏',
  },
  reason: '原因',
  reasonHint: '作者会在系统通知里看到这个原因',
  commonReasons: '常用原因',
  reasonOptional: '说明（可选）',
  reasonRequired: '请填写原因',
  cancel: '取消',
  confirm: '确定',
  sending: '处理中…',
  words: {
    search: '搜索敏感词',
    word: '敏感词',
    action: '处理方式',
    added: zoned('添加时间'),
    add: '添加',
    /** The paste field: one word a line, or split by commas or 、. */
    paste: '添加敏感词',
    pasteHint: (limit: number) => `每行一个，也可用逗号或「、」分隔；一次最多 ${limit} 个，已在词库中的会跳过。`,
    pastePlaceholder: '赌博\n代考，刷单、外挂',
    addCount: (n: number) => (n > 0 ? `添加 ${n} 个` : '添加'),
    result: (added: number, existing: number) =>
      existing > 0 ? `已添加 ${added} 个，跳过已存在 ${existing} 个` : `已添加 ${added} 个`,
    remove: '删除',
    removeConfirm: (word: string) => `删除敏感词「${word}」？`,
    total: (n: number) => `共 ${n} 个`,
    empty: '词库为空',
    hint: '保存后本进程立即生效，其他服务进程在 3 秒内生效。',
  },
  settings: {
    intro:
      '开启后，注册不满指定天数且还没有通过审核的帖子的用户，发帖需审核通过后才公开（作者自己可见，标记为审核中）。',
    site: '站点',
    review: '新用户首帖审核',
    days: '新账号天数',
    save: '保存',
    saved: '已保存',
    on: '开启',
    off: '关闭',
  },
};

export const sanctionText = {
  mute: '禁言',
  ban: '封禁',
  lift: '解除',
  none: '正常',
  muted: '禁言中',
  banned: '封禁中',
  until: (text: string) => `至 ${text}`,
  permanent: '永久',
  reason: '原因',
  by: '操作人',
  period: '期限',
  custom: '自定义',
  customEnd: zoned('结束时间'),
  periods: [
    { label: '1天', days: 1 },
    { label: '7天', days: 7 },
    { label: '30天', days: 30 },
  ],
  muteHint: '禁言：可以浏览，不能回复、评论、发弹幕、发帖或修改资料。',
  banHint: '封禁：可以登录浏览和查看通知，所有写操作都会被拒绝。',
  dialogTitle: (verb: string, name: string) => `${verb}用户「${name}」`,
  liftTitle: (verb: string, name: string) => `解除「${name}」的${verb}`,
  liftReason: '说明（可选，会通知用户）',
  badEnd: '请选择晚于现在的结束时间',
  bulkTitle: (verb: string, n: number) => `${verb} ${n} 位用户`,
  bulkConfirm: (verb: string, n: number) => `${verb} ${n} 位`,
};
