/**
 * The daily check-in of the points mall (server/db/checkin.ts): the streak with this month's
 * calendar, today's check-in and a 补签 card. Days are Asia/Shanghai days of the server's clock.
 */
import { emptySchema } from '../../contract/calls/account.ts';
import { checkinMakeupSchema } from '../../contract/calls/member.ts';
import { API } from '../../contract/calls/paths.ts';
import { invalidParams } from '../api-error.ts';
import { checkIn, checkinStatus, makeUp } from '../db/checkin.ts';
import { siteDay } from '../db/site-day.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';

const isCalendarDay = (day: string): boolean => {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === day;
};

export const checkinCalls: readonly Call[] = [
  defineCall({
    path: API.checkinStatus,
    schema: emptySchema,
    auth: 'user',
    handler: ({ db, user, now }) => checkinStatus(db, user.id, siteDay(now)),
  }),
  defineCall({
    path: API.checkIn,
    schema: emptySchema,
    auth: 'user',
    handler: ({ db, user, now }) => db.tx((q) => checkIn(q, user.id, siteDay(now))),
  }),
  defineCall({
    path: API.checkinMakeup,
    schema: checkinMakeupSchema,
    auth: 'user',
    handler: ({ db, user, now, payload }) => {
      if (!isCalendarDay(payload.day)) throw invalidParams(`day 不是有效的日期：${payload.day}`);
      return db.tx((q) => makeUp(q, user.id, payload.day, siteDay(now)));
    },
  }),
];
