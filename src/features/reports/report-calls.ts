/** The report call (docs/api.md "Community"): a reason and an optional detail about any user text or user. */
import { call } from '../../api/client.ts';
import type { ReportResult } from '../../../contract/calls/community.ts';
import type { ReportReason, ReportTarget } from '../../../contract/enums.ts';
import { API } from '../../../contract/calls/paths.ts';

export interface ReportTargetRef {
  type: ReportTarget;
  id: number;
}

/** Rejects with the server's code and msg (shown as a toast by the client), e.g. code 8 when reporting too often. */
export const createReport = (target: ReportTargetRef, reason: ReportReason, detail: string): Promise<ReportResult> =>
  call(API.reportCreate, {
    targetType: target.type,
    targetId: target.id,
    reason,
    ...(detail.trim() ? { detail: detail.trim() } : {}),
  });
