/** The operator console API's messages (zh-CN), one place. */
export const adminMessages = {
  signInFailed: '用户名、密码或动态码错误',
  missing: { username: '请填写用户名', password: '请填写密码', totp: '请填写动态码' } as Record<string, string>,
  invalidField: (field: string) => `参数错误：${field}`,
  tooMany: (seconds: number) => `登录尝试过于频繁，请 ${Math.ceil(seconds / 60)} 分钟后再试（${seconds} 秒）`,
  signedOut: '未登录或登录已过期',
  csrf: '缺少或错误的 CSRF 令牌，请刷新后台页面',
  forbidden: '没有权限执行此操作',
  siteForbidden: '没有该站点的权限',
  passwordFirst: '请先修改一次性密码',
  notFound: (what: string) => `接口不存在：${what}`,
  badRequest: '请求无效',
  serverError: '服务器错误，请稍后再试',
} as const;
