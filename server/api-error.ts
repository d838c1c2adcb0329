/** The error a call throws to answer with a given code and message; the protocol layer maps it. */
import { Code, defaultMessage } from '../contract/protocol/codes.ts';

export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly code: Code,
    message: string = defaultMessage[code],
  ) {
    super(message);
  }
}

/** Code 2 with the message "参数错误：<detail>" naming the field or the problem. */
export const invalidParams = (detail: string): ApiError =>
  new ApiError(Code.InvalidParams, `${defaultMessage[Code.InvalidParams]}：${detail}`);

/** Code 3: the request itself is refused (site, sign, time, replay). */
export const rejected = (message: string): ApiError => new ApiError(Code.Rejected, message);
