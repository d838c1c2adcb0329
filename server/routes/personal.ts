/**
 * Personal info: nickname and avatar. The avatar must be the default one or an image this server
 * stored from /shard/memberUploadImg (upload.ts), so no member can point it at another host.
 */
import { personalUpdateSchema } from '../../contract/calls/member.ts';
import { API } from '../../contract/calls/paths.ts';
import { DEFAULT_AVATAR, toUserInfo, updateProfile } from '../db/users.ts';
import { invalidParams } from '../api-error.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import { isStoredImage } from '../uploads/images/image-upload.ts';
import { found } from './lookups.ts';

/** Control characters and the Unicode bidi/zero-width tricks that make a name display falsely. */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

export const personalCalls: readonly Call[] = [
  defineCall({
    path: API.updatePersonal,
    schema: personalUpdateSchema,
    auth: 'user',
    handler: async ({ db, payload, user, config, now }) => {
      const { nickname, avatar } = payload;
      if (nickname !== undefined && UNPRINTABLE.test(nickname))
        throw invalidParams('nickname 不能包含控制字符或不可见字符');
      if (avatar !== undefined && avatar !== DEFAULT_AVATAR && !(await isStoredImage(avatar, config.UPLOAD_DIR))) {
        throw invalidParams('avatar 必须是 /shard/memberUploadImg 返回的图片地址');
      }
      // One transaction: the profile and its search document change together.
      const changed = await db.tx((q) => updateProfile(q, user.id, { nickname, avatar }));
      const updated = found(changed, `用户不存在：${user.id}`);
      return toUserInfo(updated, now);
    },
  }),
];
