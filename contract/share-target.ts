/**
 * The Web Share Target (manifest.webmanifest "share_target"), defined once for the service worker
 * (sw/share-target.ts) and the app (src/features/publish/shared-items.ts). Sharing a link, text or
 * images to the installed app POSTs a multipart form to SHARE_ACTION; the worker keeps what came
 * in SHARE_CACHE under `${SHARE_ACTION}/<id>/…` and answers 303 to `/release?share=<id>`, where
 * the publish page attaches it and deletes it.
 */

export const SHARE_ACTION = '/share-target';
export const SHARE_CACHE = 'share-target-v1';
/** The query parameter of /release that names a kept share. */
export const SHARE_PARAM = 'share';
/** The form fields of the manifest's share_target params. */
export const SHARE_FIELDS = { title: 'title', text: 'text', url: 'url', files: 'images' } as const;
/** At most this many images are kept from one share (the publish page takes up to its own limit). */
export const SHARE_FILES_MAX = 9;

export interface SharedMeta {
  title: string;
  text: string;
  url: string;
  /** The kept images, in order: their cache keys, names and types. */
  files: { key: string; name: string; type: string }[];
}

export const shareMetaKey = (id: string): string => `${SHARE_ACTION}/${id}/meta`;
export const shareFileKey = (id: string, index: number): string => `${SHARE_ACTION}/${id}/file-${index}`;
/** A share id: letters and digits only (it goes into a URL and cache keys). */
export const isShareId = (id: string): boolean => /^[A-Za-z0-9]{1,40}$/.test(id);
