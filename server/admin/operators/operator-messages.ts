/** The 操作员 calls' messages (zh-CN). */
import { OPERATOR_PASSWORD_MAX, OPERATOR_PASSWORD_MIN } from '../../../contract/admin/operators.ts';

export const operatorMessages = {
  role: '角色须为 super、ops、moderator 或 finance',
  nothingToChange: '没有要修改的内容',
  nothingToReset: '请选择要重置的密码或动态码',
  unknownSites: (ids: number[]) => `站点不存在：${ids.join('、')}`,
  notFound: (id: number) => `操作员不存在：${id}`,
  ownRole: '不能修改自己的角色',
  ownDisable: '不能停用自己',
  lastSuper: '至少要保留一名启用的超级管理员',
  input: {
    username: '用户名须为 2-32 位英文字母、数字、_ . 或 -',
  } as Record<string, string>,
  usernameTaken: (existing: string) => `用户名与已有操作员「${existing}」相同或过于相似`,
  length: `新密码长度须为 ${OPERATOR_PASSWORD_MIN}-${OPERATOR_PASSWORD_MAX} 位`,
  mix: '新密码须同时包含字母和数字',
  hasUsername: '新密码不能包含用户名',
  common: '新密码过于常见或太弱，容易被猜中：请换一个更长、不含常见词和连续数字的密码（如几个不相关的词加数字和符号）',
  same: '新密码不能与当前密码相同',
  wrongCurrent: '当前密码错误',
} as const;
