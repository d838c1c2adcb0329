import { describe, expect, it } from 'vitest';
import type { OrderInfo } from '../../../contract/calls/member.ts';
import { checkResultOf } from './deposit-check.ts';

const order = (status: OrderInfo['status']) => ({ status }) as OrderInfo;

describe('the answer of 查询', () => {
  it('reads the order as the member should see it', () => {
    expect(checkResultOf(order('paid'))).toEqual({ tone: 'success', text: '已到账', credited: true });
    expect(checkResultOf(order('pending'))).toEqual({ tone: 'waiting', text: '仍未支付', credited: false });
    expect(checkResultOf(order('failed'))).toEqual({ tone: 'danger', text: '支付失败', credited: false });
    expect(checkResultOf(order('refunded'))).toEqual({ tone: 'waiting', text: '已退款', credited: false });
  });

  it('shows a failed call with its own message', () => {
    expect(checkResultOf(new Error('操作太频繁，请 30 秒后再试'))).toEqual({
      tone: 'danger',
      text: '操作太频繁，请 30 秒后再试',
      credited: false,
    });
  });
});
