import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, newPasswordProblem, oneTimePassword, verifyPassword } from './passwords.ts';

describe("operators' passwords", () => {
  it('judges a new password by its NFKC form, the one that is hashed', () => {
    expect(newPasswordProblem('short1', 'root')).toBe('length');
    expect(newPasswordProblem('onlyletterslong', 'root')).toBe('mix');
    expect(newPasswordProblem('x1root-and-more', 'root')).toBe('username');
    // Full-width ＲＯＯＴ is the username too, once normalised.
    expect(newPasswordProblem('x1\uff32\uff2f\uff2f\uff34-and-more', 'root')).toBe('username');
    // １２３４５６７８９０ａ: eleven characters as typed, the common 1234567890a as stored.
    expect(newPasswordProblem('\uff11\uff12\uff13\uff14\uff15\uff16\uff17\uff18\uff19\uff10\uff41', 'root')).toBe(
      'common',
    );
    for (const common of [
      'password123',
      'Password1234',
      'P@ssw0rd2024',
      'Aa1234567890',
      'woaini1314520',
      'Qwerty123456',
    ])
      expect(newPasswordProblem(common, 'root'), common).toBe('common');
    for (const fine of ['Coral-Tide-47q', 'Brand-new-42', 'Brand-new-42-q', '纸船-Harbor-93', 'Own-JBSWY3-9k'])
      expect(newPasswordProblem(fine, 'root'), fine).toBeNull();
    expect(newPasswordProblem('Tq7-'.repeat(8), 'root')).toBe('common'); // a repeat
    expect(newPasswordProblem(oneTimePassword(128), 'root')).toBeNull();
    expect(newPasswordProblem(oneTimePassword(129), 'root')).toBe('length');
  });

  it('makes one-time passwords that pass the rule themselves', () => {
    // One in twelve draws of 16 has no digit: those are drawn again.
    for (let i = 0; i < 300; i++) {
      const password = oneTimePassword();
      expect(newPasswordProblem(password, 'admin'), password).toBeNull();
    }
  });

  it('accepts the passwords the browser suite chooses (e2e/admin-flows.ts: Own-<6 of the TOTP secret>-9k)', () => {
    const base32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
    const samples = ['AAAAAA', 'ABCDEF', '234567', 'QWERTY', 'PASSWO'];
    for (let i = 0; i < 100; i++) samples.push(Array.from(randomBytes(6), (byte) => base32[byte % 32]).join(''));
    for (const secret of samples) expect(newPasswordProblem(`Own-${secret}-9k`, 'root-e2e'), secret).toBeNull();
  });

  it('signs in a password the way it was typed or as its NFKC form, and keeps hashes stored before', async () => {
    const stored = await hashPassword('\uff23\uff4f\uff52\uff41\uff4c-\uff34\uff49\uff44\uff45-\uff14\uff17\uff51');
    expect(await verifyPassword('Coral-Tide-47q', stored)).toBe(true);
    expect(
      await verifyPassword('\uff23\uff4f\uff52\uff41\uff4c-\uff34\uff49\uff44\uff45-\uff14\uff17\uff51', stored),
    ).toBe(true);
    expect(await verifyPassword('coral-tide-47q', stored)).toBe(false);
    // Made by the earlier code: the full-width 'Ｓｔｏｒｅｄ-ｂｅｆｏｒｅ-２０２４' and an ASCII one, base64url.
    const before = [
      ['Stored-before-2024', 'scrypt$32768$8$1$-eTes1IVin5nIsSGlz9RGA$Cj5OBPhikM1uGvosbRHzbdwvqFsPtpFISAbYutMuZG0'],
      ['stored before 1', 'scrypt$32768$8$1$m0Q4SNRJ-FCy1rsBs_0mMg$7TXId3QQqzFfAXdI2oVeP1I7QWV4Kc-UOZOckmDutLw'],
    ] as const;
    for (const [password, hash] of before) {
      expect(await verifyPassword(password, hash), password).toBe(true);
      expect(await verifyPassword(`${password}x`, hash)).toBe(false);
    }
    expect(await verifyPassword('x', 'scrypt$99999999999$8$1$AAAA$AAAA')).toBe(false);
  });
});
