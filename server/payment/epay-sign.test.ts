import { describe, expect, it } from 'vitest';
import { epaySign, signContent, verifyEpaySign, withSign } from './epay-sign.ts';
import { fenToYuan, yuanToFen } from './money.ts';

const NOTIFY = {
  pid: '1001',
  trade_no: 'T1',
  out_trade_no: 'A1',
  type: 'alipay',
  name: 'VIP会员',
  money: '1.00',
  trade_status: 'TRADE_SUCCESS',
  param: '',
};

describe('the epay sign', () => {
  it('signs the non-empty params but sign and sign_type, sorted by key, as md5(k=v&... + KEY)', () => {
    expect(signContent({ ...NOTIFY, sign: 'x', sign_type: 'MD5' })).toBe(
      'money=1.00&name=VIP会员&out_trade_no=A1&pid=1001&trade_no=T1&trade_status=TRADE_SUCCESS&type=alipay',
    );
    // Computed independently (Python hashlib) for this content and the key "KEY123".
    expect(epaySign(NOTIFY, 'KEY123')).toBe('e5312ea94c045ef9112d0aa415bd67e2');
    expect(withSign(NOTIFY, 'KEY123')).toEqual({
      ...NOTIFY,
      sign: 'e5312ea94c045ef9112d0aa415bd67e2',
      sign_type: 'MD5',
    });
  });

  it('verifies its own signs and refuses any change of a value, the key or the sign', () => {
    const signed = withSign(NOTIFY, 'KEY123');
    expect(verifyEpaySign(signed, 'KEY123')).toBe(true);
    expect(verifyEpaySign({ ...signed, sign: signed.sign!.toUpperCase() }, 'KEY123')).toBe(true);
    expect(verifyEpaySign({ ...signed, money: '100.00' }, 'KEY123')).toBe(false);
    expect(verifyEpaySign({ ...signed, extra: 'x' }, 'KEY123')).toBe(false);
    expect(verifyEpaySign(signed, 'KEY124')).toBe(false);
    expect(verifyEpaySign({ ...signed, sign: 'abc' }, 'KEY123')).toBe(false);
    const { sign: _dropped, ...unsigned } = signed;
    expect(verifyEpaySign(unsigned, 'KEY123')).toBe(false);
    // Empty values and sign_type are outside the sign.
    expect(verifyEpaySign({ ...signed, param: '', sign_type: 'RSA' }, 'KEY123')).toBe(true);
  });
});

describe('yuan and fen', () => {
  it('converts exactly, without floating point', () => {
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(19800)).toBe('198.00');
    expect(yuanToFen('198.00')).toBe(19800);
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('6')).toBe(600);
    expect(yuanToFen('1.15')).toBe(115); // 1.15 * 100 would be 114.99999999999999
    for (const bad of ['', '1.001', '-1', '1e3', '1,00', ' ', 'abc', undefined]) expect(yuanToFen(bad)).toBeUndefined();
  });
});
