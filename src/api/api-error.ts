/** The error every failed call rejects with: the envelope's code and msg, or a network failure. */
import { shellMessages } from '../shell-messages.ts';

/** Not a protocol code: the request never got an answer (offline, DNS, gateway down). */
export const NETWORK_ERROR_CODE = -1;

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }

  static network(): ApiError {
    return new ApiError(NETWORK_ERROR_CODE, shellMessages.errors.network);
  }

  get isNetwork(): boolean {
    return this.code === NETWORK_ERROR_CODE;
  }
}
