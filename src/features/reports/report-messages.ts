/** Strings of the report sheet. */
import type { ReportTarget } from '../../../contract/enums.ts';

export const reportMessages = {
  title: {
    reply: '举报评论',
    post: '举报帖子',
    danmaku: '举报弹幕',
    user: '举报用户',
  } satisfies Record<ReportTarget, string>,
  reasonLabel: '举报理由',
  detailLabel: '补充说明（选填）',
  detailPlaceholder: '说说具体情况，帮助我们更快处理',
  submit: '提交举报',
  sending: '提交中…',
  done: '举报已提交',
  pickReason: '请选择举报理由',
} as const;
