/** The console's shell strings (zh-CN): the menu, the top bar, the sign-in and the placeholder pages. */
import type { OperatorRole } from '../contract/admin/session.ts';

export const ROLE_LABELS: Record<OperatorRole, string> = {
  super: '超级管理员',
  ops: '运营',
  moderator: '审核',
  finance: '财务',
};

export const adminMessages = {
  title: '运营后台',
  /** Leaving a page with unsaved edits (components/use-leave-guard.tsx). */
  leave: { title: '离开此页？', text: '有未保存的修改，离开后将丢失。', confirm: '离开', stay: '继续编辑' },
  signIn: {
    heading: '运营后台登录',
    username: '用户名',
    password: '密码',
    totp: '动态验证码',
    totpHint: '身份验证器 App 中的 6 位数字',
    submit: '登录',
    submitting: '登录中…',
    missing: (field: string) => `请填写${field}`,
    totpFormat: '动态验证码为 6 位数字',
    wait: (seconds: number) => `请等待 ${formatWait(seconds)}`,
    network: '网络异常，请稍后重试',
    ended: '登录已失效（长时间未操作，或已在别处退出），请重新登录',
  },
  /** 导出 CSV of a list (components/use-csv-export.ts). */
  csv: {
    export: '导出 CSV',
    exporting: (rows: number) => `导出中…（${rows} 条）`,
    exported: (rows: number, capped: boolean) =>
      capped ? `已导出最新的 ${rows} 条（导出上限），可缩小日期范围后再导出` : `已导出 ${rows} 条`,
  },
  site: {
    label: '站点',
    all: '全部站点',
    numbered: (id: string | number) => `站点 ${id}`,
  },
  /**
   * Why an operator limited to some sites is offered no changes to what every site shares
   * (session/every-site.ts), in the server's words.
   */
  everySite: {
    taxonomy: '分类、标签与专题为全部站点共用，只有可管理全部站点的操作员能修改',
    dictionary: '字典为全部站点共用，只有可管理全部站点的操作员能修改',
    words: '敏感词库为全站共用，仅限不限站点的操作员修改',
  },
  shell: {
    signOut: '退出',
    signingOut: '退出中…',
    menu: '导航',
    changePassword: '修改密码',
  },
  password: {
    heading: '设置新密码',
    intro: '你正在使用一次性密码登录。请先设置自己的密码，之后才能使用后台。',
    current: '当前密码（一次性密码）',
    currentOwn: '当前密码',
    changed: '密码已修改',
    changedHint: '下次登录请使用新密码。你在其他浏览器或设备上的登录已全部退出。',
    next: '新密码',
    repeat: '再次输入新密码',
    hint: '至少 10 位，同时包含字母和数字，不能包含用户名，也不能是常见或容易猜到的密码',
    mismatch: '两次输入的新密码不一致',
    submit: '保存新密码',
    submitting: '保存中…',
  },
  comingSoon: '即将上线',
  comingSoonHint: '此功能正在建设中，完成后会出现在这里。',
  forbidden: '无权访问',
  forbiddenHint: '你的角色不能使用此页面。',
  notFound: '页面不存在',
  loading: '加载中…',
  loadFailed: '加载失败',
  pageFailed: '页面未能加载，请检查网络后刷新页面',
  retry: '重试',
  cancel: '取消',
  close: '知道了',
  /** The undo toast after a change to many rows (components/use-undo-toast.tsx). */
  undo: '撤销',
  undone: '已撤销',
  undoFailed: (why: string) => `撤销失败：${why}`,
  /** A list's selection and its bar (components/use-selection.ts, components/bulk-bar.tsx). */
  bulk: {
    selectAll: '选择本页全部',
    select: (name: string) => `选择 ${name}`,
    selected: (n: number, unit: string) => `已选 ${n} ${unit}`,
    clear: '取消选择',
  },
  /** A list's numbered pages (components/pager.tsx). */
  pager: {
    label: '分页',
    previous: '上一页',
    next: '下一页',
    page: (n: number) => `第 ${n} 页`,
    jumpBefore: '跳至',
    jumpAfter: '页',
    jumpLabel: (pages: number) => `跳至第几页（共 ${pages} 页）`,
    go: '跳转',
  },
  /** A sortable column's heading (components/sort-header.tsx). */
  sort: {
    by: (label: string) => `按${label}排序`,
    asc: '升序',
    desc: '降序',
  },
  /** The 复制 button beside a value (components/copy-button.tsx). */
  copy: { idle: '复制', done: '已复制', failed: '复制失败，请手动选择', label: (what: string) => `复制${what}` },
};

function formatWait(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} 分 ${seconds % 60} 秒` : `${seconds} 秒`;
}
