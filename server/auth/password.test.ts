import { describe, expect, it } from 'vitest';
import { hashPassword, verifyNothing, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('stores a salted scrypt hash that verifies only the right password', async () => {
    const [a, b] = await Promise.all([hashPassword('secret123'), hashPassword('secret123')]);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toContain('secret123');
    expect(a).not.toBe(b);
    expect(await verifyPassword('secret123', a)).toBe(true);
    expect(await verifyPassword('secret124', a)).toBe(false);
    expect(await verifyPassword('secret123', 'plain:secret123')).toBe(false);
    expect(await verifyNothing('secret123')).toBe(false);
  });
});
