/** What the moderation checks answer members (zh-CN), one place for their wording. */
export const moderationMessages = {
  refusedWord: (field: string, word: string) => `${field} 含有违禁词「${word}」，请修改后再发送`,
  repeated: '一分钟内请勿重复发送相同的内容',
  ownContent: '不能举报自己的内容',
  userUnderReview: '该用户正在审核中',
} as const;
