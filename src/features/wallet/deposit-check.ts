/**
 * What 查询 of an open deposit shows: the order as the server answered it after asking the gateway
 * (已到账 / 仍未支付 / 支付失败 / 已退款), or the call's own failure (offline, tapped too often).
 * Pure, so the reading is tested without a screen.
 */
import type { OrderInfo } from '../../../contract/calls/member.ts';
import { walletMessages } from './wallet-messages.ts';

export type CheckTone = 'success' | 'waiting' | 'danger';

export interface CheckResult {
  tone: CheckTone;
  text: string;
  /** The order is credited: the balance and the ledger changed. */
  credited: boolean;
}

const TONES: Record<OrderInfo['status'], CheckTone> = {
  paid: 'success',
  pending: 'waiting',
  failed: 'danger',
  expired: 'danger',
  refunded: 'waiting',
};

export function checkResultOf(answer: OrderInfo | Error): CheckResult {
  if (answer instanceof Error) return { tone: 'danger', text: answer.message, credited: false };
  return {
    tone: TONES[answer.status],
    text: walletMessages.open.result[answer.status],
    credited: answer.status === 'paid',
  };
}
