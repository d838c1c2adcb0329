/** What the moderation checks answer members (zh-CN), one place for their wording. */
export const moderationMessages = {
  /** Named by what the member wrote (回复, 弹幕, 举报说明), never by the payload's field. */
  refusedWord: (what: string, word: string) => `${what}含有违禁词「${word}」，请修改后再发送`,
  screened: { reply: '回复', danmaku: '弹幕', report: '举报说明' },
  repeated: '一分钟内请勿重复发送相同的内容',
  ownContent: '不能举报自己的内容',
  userUnderReview: '该用户正在审核中',
} as const;
