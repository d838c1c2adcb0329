/** Input rules of docs/spec.md section 5, shared by the forms and the server's schemas. */

/** An identifier (account): 6 to 12 letters, digits or underscores. */
export const ACCOUNT_PATTERN = /^[A-Za-z0-9_]{6,12}$/;
export const isValidAccount = (value: string): boolean => ACCOUNT_PATTERN.test(value);

/** A password: 6 to 32 characters, at least one letter and one digit, no spaces. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)\S{6,32}$/;
export const isValidPassword = (value: string): boolean => PASSWORD_PATTERN.test(value);

/** A nickname, trimmed: 2 to 16 characters (contract/calls/member.ts personalUpdateSchema counts UTF-16 units). */
export const NICKNAME_LENGTH = { min: 2, max: 16 } as const;
export const isValidNickname = (value: string): boolean => {
  const length = value.trim().length;
  return length >= NICKNAME_LENGTH.min && length <= NICKNAME_LENGTH.max;
};

/**
 * Filters typed text down to a numeric input: digits, one minus sign at the start and one decimal
 * point. Characters that break a rule are dropped, the rest kept in order.
 */
export function filterNumericInput(text: string): string {
  let out = '';
  let seenPoint = false;
  for (const char of text) {
    if (char >= '0' && char <= '9') out += char;
    else if (char === '-' && out.length === 0) out += char;
    else if (char === '.' && !seenPoint) {
      seenPoint = true;
      out += char;
    }
  }
  return out;
}
