/**
 * Personal info: nickname and avatar. The nickname is held to the rules of server/names/nicknames.ts
 * (no invisible characters, no reserved words, no look-alike of another member's or an operator's
 * name). The avatar must be the default one or an image this server stored from
 * /shard/memberUploadImg (upload.ts), so no member can point it at another host.
 */
import { personalUpdateSchema } from '../../contract/calls/member.ts';
import { API } from '../../contract/calls/paths.ts';
import { DEFAULT_AVATAR, toUserInfo, updateProfile } from '../db/users.ts';
import { invalidParams } from '../api-error.ts';
import { fillNicknameSkeletons } from '../db/nickname-skeletons.ts';
import { checkNickname } from '../names/nicknames.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import { isStoredImage } from '../uploads/images/image-upload.ts';
import { found } from './lookups.ts';

export const personalCalls: readonly Call[] = [
  defineCall({
    path: API.updatePersonal,
    schema: personalUpdateSchema,
    auth: 'user',
    handler: async ({ db, payload, user, config, now }) => {
      const { nickname, avatar } = payload;
      if (avatar !== undefined && avatar !== DEFAULT_AVATAR && !(await isStoredImage(avatar, config.UPLOAD_DIR))) {
        throw invalidParams('avatar 必须是 /shard/memberUploadImg 返回的图片地址');
      }
      // The skeletons other writers left out, so the check below sees every name of the site.
      if (nickname !== undefined) await fillNicknameSkeletons(db, user.siteId);
      // One transaction: the name's check, the profile and its search document.
      const changed = await db.tx(async (q) => {
        const checked = nickname === undefined ? undefined : await checkNickname(q, user, nickname);
        return updateProfile(q, user.id, { nickname: checked, avatar });
      });
      const updated = found(changed, `用户不存在：${user.id}`);
      return toUserInfo(updated, now);
    },
  }),
];
