/**
 * Every fixed list the client, the server and the database share, written once. Schemas take them
 * with `z.enum(LIST)`, types with `(typeof LIST)[number]`, screens iterate them, message maps are
 * `Record<Type, string>` (a new value without a label fails the type-check), and the database's
 * CHECK constraints are tested against them (server/test/enums.test.ts).
 */

/** Payment channels of a deposit, in the order the picker shows them. */
export const PAY_TYPES = ['alipay', 'wxpay'] as const;
export type PayType = (typeof PAY_TYPES)[number];

/** The kinds of post: forum topics, 吃瓜 and articles. */
export const POST_KINDS = ['topic', 'chigua', 'article'] as const;
export type PostKind = (typeof POST_KINDS)[number];

/** Sorts of the movie list, in the order the filter shows them; the first is the default. */
export const MOVIE_SORTS = ['new', 'hot', 'like'] as const;
export type MovieSort = (typeof MOVIE_SORTS)[number];

/** Sorts of a post list, in the order the tabs show them; the first is the default. */
export const POST_SORTS = ['new', 'hot', 'reply'] as const;
export type PostSort = (typeof POST_SORTS)[number];

/** What a deposit buys. */
export const ORDER_KINDS = ['vip', 'coin'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** What moves a member's coins or points: every ledger row has one. */
export const LEDGER_TYPES = ['deposit', 'purchase', 'exchange', 'task', 'adjust'] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];
