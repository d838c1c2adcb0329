/**
 * Personal info (contract/calls/member.ts): nickname and avatar, and the avatar upload, an unsigned
 * multipart call (api/client.ts sends a payload with a file as form-data) that still carries the
 * token and answers an encrypted envelope.
 */
import { call } from '../../api/client.ts';
import type { UserInfo } from '../../../contract/calls/account.ts';
import type { UploadedImage } from '../../../contract/calls/member.ts';
import { API } from '../../../contract/calls/paths.ts';

export interface PersonalChange {
  nickname?: string;
  /** A url answered by uploadImage. */
  avatar?: string;
}

export const updatePersonal = (change: PersonalChange): Promise<UserInfo> =>
  call(API.updatePersonal, change, { cache: false, toast: false });

/** JPEG, PNG, WebP or GIF of at most UPLOAD_MAX_BYTES; the server stores a WebP of ≤ 512 px. */
export const uploadImage = (file: Blob): Promise<UploadedImage> =>
  call(API.uploadImage, { file }, { cache: false, toast: false });
