/**
 * Reports of members' texts and of members (contract/calls/community.ts): the target must exist
 * (code 6) and not be the reporter's own (code 2); the detail goes through the sensitive-word list;
 * enough distinct reporters who have earned trust (server/moderation/report-trust.ts) hide the
 * target pending review (server/db/reports.ts). Per member and per address they are rate-limited
 * (server/protocol/rate-limit.ts).
 */
import { reportCreateSchema } from '../../contract/calls/community.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { ApiError } from '../api-error.ts';
import { fileReport, lockReportTarget } from '../db/reports.ts';
import { moderationMessages } from '../moderation/moderation-messages.ts';
import { reportsCount, trustRuleOf } from '../moderation/report-trust.ts';
import { screenText } from '../moderation/text-screen.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import { notFound } from './lookups.ts';

const MISSING = { reply: '回复不存在', post: '内容不存在', danmaku: '弹幕不存在', user: '用户不存在' } as const;

export const reportCalls: readonly Call[] = [
  defineCall({
    path: API.reportCreate,
    schema: reportCreateSchema,
    auth: 'user',
    handler: ({ db, payload, user, site, config, now }) =>
      db.tx(async (q) => {
        const { targetType, targetId } = payload;
        const target = await lockReportTarget(q, site.id, targetType, targetId);
        if (!target) throw notFound(`${MISSING[targetType]}：${targetId}`);
        if (target.ownerId === user.id) throw new ApiError(Code.InvalidParams, moderationMessages.ownContent);
        const detail = payload.detail === undefined ? '' : await screenText(q, 'report', payload.detail);
        const counted = await reportsCount(q, user.id, trustRuleOf(config), now);
        const { reason } = payload;
        return fileReport(
          q,
          {
            siteId: site.id,
            reporterId: user.id,
            targetType,
            targetId,
            ownerId: target.ownerId,
            reason,
            detail,
            counted,
          },
          config.REPORT_HIDE_THRESHOLD,
        );
      }),
  }),
];
