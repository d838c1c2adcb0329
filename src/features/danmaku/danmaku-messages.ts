/** The danmaku's strings (the play page: the layer, the send bar, the settings and the list). */
import type { DanmakuColour, DanmakuMode } from '../../../contract/enums.ts';
import type { DanmakuDensity } from './danmaku-settings.ts';

export const danmakuMessages = {
  placeholder: '发个弹幕见证当下',
  send: '发送',
  sending: '发送中…',
  needSession: '正在登录，请稍后再发',
  empty: '弹幕内容不能为空',
  tooLong: (max: number) => `弹幕最多 ${max} 个字`,
  sent: '弹幕已发送',
  /** Sent while the danmaku were switched off: they are switched on, so the sender sees it. */
  sentTurnedOn: '发送成功，弹幕已为你开启',
  /** The button of the position and colour pickers: its name, and the word shown beside its "A". */
  style: '弹幕样式',
  styleHint: '样式',
  switchLabel: '弹幕开关',
  switchOn: '关闭弹幕',
  switchOff: '开启弹幕',
  settings: '弹幕设置',
  list: '弹幕列表',
  close: '关闭',
  mode: '弹幕位置',
  colour: '弹幕颜色',
  modes: { scroll: '滚动', top: '顶部', bottom: '底部' } satisfies Record<DanmakuMode, string>,
  colours: {
    '#ffffff': '白色',
    '#fe0302': '红色',
    '#ff7204': '橙色',
    '#ffe133': '黄色',
    '#00cd00': '绿色',
    '#00a1d6': '蓝色',
    '#cc0273': '紫色',
  } satisfies Record<DanmakuColour, string>,
  density: '弹幕密度',
  densities: { low: '少', medium: '中', high: '多' } satisfies Record<DanmakuDensity, string>,
  opacity: '不透明度',
  opacityValue: (percent: number) => `${percent}%`,
  blocked: '屏蔽词',
  blockedPlaceholder: '添加屏蔽词',
  blockedAdd: '添加',
  blockedRemove: (word: string) => `删除屏蔽词 ${word}`,
  blockedNone: '还没有屏蔽词',
  listEmpty: '当前时间附近没有弹幕',
  listMine: '我的',
  report: '举报',
  drawn: '屏幕上的弹幕',
} as const;
