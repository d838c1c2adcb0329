/** The zh-CN strings of the inbox and its push settings; same rules as src/messages.ts. */
import type { NoticeType } from '../../../contract/enums.ts';

export const notificationsMessages = {
  /** /mine's entry. */
  entry: '消息',
  tabsLabel: '消息类型',
  tabs: { reply: '回复我的', mention: '@我的', like: '收到的赞', system: '系统通知' } satisfies Record<
    NoticeType,
    string
  >,
  unread: (count: number) => `${count} 条未读`,
  /** What the actor did, after their nickname. */
  actions: {
    reply: '回复了你',
    mention: '在评论中@了你',
    like: '赞了你的回复',
    system: '系统通知',
  } satisfies Record<NoticeType, string>,
  /** An @ in a reply under a post (a topic, 吃瓜 or an article); a movie's are comments (`actions`). */
  mentionInReply: '在回复中@了你',
  systemActor: '系统消息',
  floor: (floor: number) => `${floor}楼`,
  empty: {
    reply: '还没有人回复你',
    mention: '还没有人@你',
    like: '还没有收到赞',
    system: '暂无系统通知',
  } satisfies Record<NoticeType, string>,
  emptyHint: {
    reply: '去论坛发帖或参与讨论，有人回复时会出现在这里',
    mention: '有人在回复或评论中@你时会出现在这里',
    like: '你的回复被点赞时会出现在这里',
    system: '站点的公告与审核结果会出现在这里',
  } satisfies Record<NoticeType, string>,
  browse: '去论坛逛逛',
  push: {
    title: '消息推送',
    hint: '开启后，即使没有打开本站，也会在手机或电脑上收到提醒',
    types: { reply: '回复', mention: '@我', like: '赞', system: '系统' } satisfies Record<NoticeType, string>,
    typeLabel: (label: string) => `推送${label}消息`,
    unsupported: '当前浏览器不支持消息推送',
    iosHomeScreen: '添加到主屏幕后可开启推送：点分享按钮，选择“添加到主屏幕”，再从主屏幕打开本站',
    denied: '通知权限已被拒绝，请在浏览器的网站设置中允许通知后再开启',
    failed: '开启推送失败，请稍后再试',
    offFailed: '关闭推送失败，请稍后再试',
    working: '正在设置…',
    on: '推送已开启',
  },
} as const;
