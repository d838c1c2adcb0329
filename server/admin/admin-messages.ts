import { fieldLabel } from '../../contract/admin/field-labels.ts';

/** The operator console API's messages (zh-CN), one place. */
export const adminMessages = {
  signInFailed: '用户名、密码或动态码错误',
  missing: { username: '请填写用户名', password: '请填写密码', totp: '请填写动态码' } as Record<string, string>,
  invalidField: (field: string) => `「${fieldLabel(field)}」填写有误，请检查后再提交`,
  badText: (field: string, problem: string) => `「${fieldLabel(field)}」${problem}`,
  badValue: '参数错误：数值或文本超出允许范围',
  tooLarge: '请求体过大，超出该接口允许的大小',
  tooMany: (seconds: number) => `登录尝试过于频繁，请 ${Math.ceil(seconds / 60)} 分钟后再试（${seconds} 秒）`,
  tooManyPasswordTries: (seconds: number) =>
    `当前密码错误次数过多，请 ${Math.ceil(seconds / 60)} 分钟后再试（${seconds} 秒）`,
  signedOut: '未登录或登录已过期',
  csrf: '缺少或错误的 CSRF 令牌，请刷新后台页面',
  forbidden: '没有权限执行此操作',
  titlesShared: '影片与分集为全部站点共用，只有可管理全部站点的操作员能修改',
  siteForbidden: '没有该站点的权限',
  passwordFirst: '请先修改一次性密码',
  notFound: (what: string) => `接口不存在：${what}`,
  badUrl: '请求地址无效：路径参数过长或无法解码',
  badRequest: '请求无效',
  serverError: '服务器错误，请稍后再试',
} as const;
