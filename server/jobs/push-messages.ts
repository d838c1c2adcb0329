/** The words of a push notification (shown by the service worker as its title), per notice type. */
import type { NoticeType } from '../../contract/enums.ts';

export const PUSH_TITLES: Record<NoticeType, (actor: string | null) => string> = {
  reply: (actor) => (actor ? `${actor} 回复了你` : '有人回复了你'),
  mention: (actor) => (actor ? `${actor} @了你` : '有人@了你'),
  like: (actor) => (actor ? `${actor} 赞了你的回复` : '有人赞了你'),
  system: () => '系统通知',
};

/** Refused by /push/subscribe (code 2). */
export const ENDPOINT_REFUSED = 'endpoint 必须是公网 HTTPS 地址';
