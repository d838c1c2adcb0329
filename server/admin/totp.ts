/**
 * Operators' second factor: TOTP (RFC 6238, 6 digits, 30 s, SHA-1: what authenticator apps
 * expect) through otplib. A code is accepted one step either side of the server's clock, and only
 * for a time step later than the last one accepted (the caller stores it), so a code is never
 * accepted twice.
 */
import { generate, generateSecret, generateURI, verify } from 'otplib';

export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = '站点运营后台';

export const newTotpSecret = (): string => generateSecret();

export const totpUri = (username: string, secret: string): string =>
  generateURI({ issuer: ISSUER, label: username, secret });

/** The code for `atMs` (tests and the CLI's check). */
export const totpCode = (secret: string, atMs: number): Promise<string> =>
  generate({ secret, epoch: Math.floor(atMs / 1000) });

/**
 * The time step `code` belongs to, or null when it is wrong, outside ±1 step of `nowMs`, or not
 * later than `afterStep` (already used).
 */
export async function checkTotp(
  secret: string,
  code: string,
  nowMs: number,
  afterStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
