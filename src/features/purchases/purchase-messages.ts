/** The zh-CN strings of the purchases; same rules as src/messages.ts. */

export const purchaseMessages = {
  purchase: {
    buy: (price: number) => `${price} 金币购买`,
    confirmTitle: '确认购买',
    confirmText: (price: number, title: string) => `将花费 ${price} 金币购买《${title}》，购买后永久有效。`,
    balance: (coins: number) => `当前余额 ${coins} 金币`,
    confirm: '确认购买',
    cancel: '取消',
    buying: '正在购买…',
    bought: '购买成功',
    alreadyBought: '已购买过，可以直接观看',
    notEnough: (price: number, coins: number) => `金币不足：需要 ${price} 金币，当前余额 ${coins} 金币`,
    toWallet: '去充值',
  },
  buy: {
    tabs: { movie: '影片', post: '文章' },
    label: '购买类型',
    paid: (coins: number, date: string) => `${coins} 金币 · ${date}`,
    emptyMovies: '还没有购买过影片',
    emptyPosts: '还没有购买过文章',
  },
} as const;
