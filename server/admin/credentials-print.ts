/**
 * What a new operator needs to sign in, printed once to a terminal: username, one-time password,
 * TOTP secret, the otpauth:// URL and that URL as a QR code an authenticator app can scan.
 */
import QRCode from 'qrcode';
import type { CreatedOperator } from './operators.ts';

export async function credentialsText(created: CreatedOperator, signInUrl?: string): Promise<string> {
  const qr = await QRCode.toString(created.otpauthUrl, { type: 'terminal', small: true });
  return [
    `运营后台账号 / operator: ${created.operator.username} (${created.operator.role}${
      created.operator.siteIds ? `, sites ${created.operator.siteIds.join(',')}` : ''
    })`,
    ...(signInUrl ? [`登录 / sign in: ${signInUrl}`] : []),
    `一次性密码 / one-time password: ${created.password}`,
    `动态码密钥 / TOTP secret: ${created.totpSecret}`,
    `otpauth URL: ${created.otpauthUrl}`,
    '用身份验证器 App 扫描 / scan with an authenticator app:',
    qr,
    '密码与密钥只显示这一次 / the password and secret are shown only this once.',
    '首次登录后须设置自己的密码 / choose a password of your own at the first sign-in.',
  ].join('\n');
}
