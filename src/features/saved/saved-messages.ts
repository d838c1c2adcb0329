/** The zh-CN strings of the saved lists; same rules as src/messages.ts. */

export const savedMessages = {
  like: {
    lists: { favourites: '收藏', likes: '喜欢' },
    types: { movie: '影片', post: '帖子' },
    listLabel: '列表',
    typeLabel: '类型',
    empty: { favourites: '还没有收藏内容', likes: '还没有点赞内容' },
    emptyHint: '看到喜欢的影片和帖子，点一下收藏或点赞吧',
    browse: '去逛逛',
  },
} as const;
