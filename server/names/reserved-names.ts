/**
 * The words no member may take as a nickname (server/names/name-skeleton.ts reservedWordIn): names
 * of the site's own staff and voices. Each is matched by its confusable skeleton, spaces, punctuation
 * and marks ignored, so 官.方, ＡＤＭＩＮ and аdmin (Cyrillic а) count as the word.
 */

/** Refused anywhere in a name: 小明客服, 官方管理员, 【系统通知】. */
export const RESERVED_INSIDE = ['官方', '管理员', '客服', '站长', '版主', '系统通知', '系统消息'] as const;

/**
 * Refused as the whole name; the Latin ones also as a word of it (admin_01, official小号), not
 * inside another word (badminton).
 */
export const RESERVED_WHOLE = [
  '系统',
  '运营',
  '管理',
  '审核',
  '财务',
  '通知',
  '公告',
  '超管',
  'admin',
  'administrator',
  'root',
  'system',
  'sysadmin',
  'superuser',
  'official',
  'moderator',
  'support',
  'staff',
  'operator',
  'webmaster',
  'kefu',
  'guanfang',
  'guanliyuan',
] as const;

/** The device sign-in's default names (server/db/nickname-skeletons.ts guestNickname): 游客 and digits. */
export const GUEST_PREFIX = '游客';
