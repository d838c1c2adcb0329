/** The `{code, msg, data}` envelope every product call answers with (docs/spec.md section 3). */
import { Code, defaultMessage } from './codes.ts';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function ok<T>(data: T, msg: string = defaultMessage[Code.Ok]): Envelope<T> {
  return { code: Code.Ok, msg, data };
}

export function fail(code: Code, msg: string = defaultMessage[code]): Envelope<null> {
  return { code, msg, data: null };
}

/** The spec's fallback when decryption yields nothing or the text is not an envelope (section 8). */
export const systemError = (): Envelope<null> => fail(Code.SystemError);

/** Parses decrypted text into an envelope; anything that is not one becomes code 1 "系统错误". */
export function parseEnvelope(text: string | null | undefined): Envelope {
  if (!text) return systemError();
  try {
    const value: unknown = JSON.parse(text);
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as Envelope).code === 'number' &&
      typeof (value as Envelope).msg === 'string'
    ) {
      const envelope = value as Envelope;
      return { code: envelope.code, msg: envelope.msg, data: envelope.data ?? null };
    }
  } catch {
    // not JSON: fall through to the system error
  }
  return systemError();
}
