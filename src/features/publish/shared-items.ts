/**
 * What was shared to the installed app (the Web Share Target, contract/share-target.ts): the
 * service worker kept it in Cache Storage and opened /release?share=<id>. The publish page takes
 * it once: the title into an empty title, the text and the link into the body (after what the
 * draft holds), the images to the image picker, which uploads them as if picked; then the kept
 * copy is deleted and the address becomes /release again.
 */
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { isShareId, SHARE_CACHE, SHARE_PARAM, shareMetaKey, type SharedMeta } from '../../../contract/share-target.ts';
import { paths } from '../../lib/route-paths.ts';
import { releaseDraft, type ReleaseDraft } from './release-draft.ts';

interface Share {
  meta: SharedMeta;
  files: File[];
}

/** Reads and deletes a kept share; null when there is none (already taken, or no Cache Storage). */
export async function takeShare(id: string): Promise<Share | null> {
  if (!isShareId(id) || typeof caches === 'undefined') return null;
  const cache = await caches.open(SHARE_CACHE);
  const metaAnswer = await cache.match(shareMetaKey(id));
  if (!metaAnswer) return null;
  const meta = (await metaAnswer.json()) as SharedMeta;
  const files: File[] = [];
  for (const kept of meta.files) {
    const answer = await cache.match(kept.key);
    if (answer) files.push(new File([await answer.blob()], kept.name || 'image', { type: kept.type }));
  }
  await Promise.all([cache.delete(shareMetaKey(id)), ...meta.files.map((kept) => cache.delete(kept.key))]);
  return { meta, files };
}

/** The shared text and link as the body's new paragraph (the link once, when the text has it already). */
export function sharedText({ text, url }: Pick<SharedMeta, 'text' | 'url'>): string {
  if (url && !text.includes(url)) return text ? `${text}\n${url}` : url;
  return text;
}

export function applyShare(draft: ReleaseDraft, meta: SharedMeta): void {
  if (!draft.title.trim() && meta.title) draft.title = meta.title;
  const addition = sharedText(meta);
  if (addition) draft.body = draft.body.trim() ? `${draft.body.trimEnd()}\n\n${addition}` : addition;
}

/** One take per share id, so React's StrictMode double effect reads the kept share once. */
const taking = new Map<string, Promise<Share | null>>();

/** On /release?share=<id>: applies the share to the draft and answers its images (once). */
export function useSharedImages(): readonly File[] {
  const id = new URLSearchParams(useSearch()).get(SHARE_PARAM);
  const [, navigate] = useLocation();
  const [files, setFiles] = useState<readonly File[]>([]);

  useEffect(() => {
    if (!id) return;
    let live = true;
    let take = taking.get(id);
    if (!take) {
      take = takeShare(id).catch(() => null);
      taking.set(id, take);
    }
    void take.then((share) => {
      if (!live) return;
      if (share) {
        applyShare(releaseDraft, share.meta);
        setFiles(share.files);
      }
      navigate(paths.release(), { replace: true });
    });
    return () => {
      live = false;
    };
  }, [id, navigate]);

  return files;
}
