/**
 * Response codes of the wire protocol (docs/api.md) and their default zh-CN messages.
 * Shared by the client and the server.
 */
export const Code = {
  Ok: 0,
  SystemError: 1,
  InvalidParams: 2,
  Rejected: 3,
  NotAllowed: 4,
  Insufficient: 5,
  NotFound: 6,
  SessionExpired: 7,
  RateLimited: 8,
  AlreadyDone: 9,
} as const;

export type Code = (typeof Code)[keyof typeof Code];

export const defaultMessage: Record<Code, string> = {
  [Code.Ok]: '成功',
  [Code.SystemError]: '系统错误',
  [Code.InvalidParams]: '参数错误',
  [Code.Rejected]: '请求被拒绝',
  [Code.NotAllowed]: '没有权限',
  [Code.Insufficient]: '余额、积分或库存不足',
  [Code.NotFound]: '内容不存在',
  [Code.SessionExpired]: '登录已过期，请重新登录',
  [Code.RateLimited]: '操作太频繁，请稍后再试',
  [Code.AlreadyDone]: '已经处理过了',
};
