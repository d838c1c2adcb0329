/// <reference lib="webworker" />
/**
 * The Web Share Target's action (contract/share-target.ts): a POST of the manifest's multipart form
 * to /share-target. Its title, text, link and images (image/* only, up to SHARE_FILES_MAX) are kept
 * in Cache Storage, and the answer is a 303 to /release?share=<id>, which attaches them. A share
 * with nothing usable still opens /release.
 */
import { registerRoute } from 'workbox-routing';
import {
  SHARE_ACTION,
  SHARE_CACHE,
  SHARE_FIELDS,
  SHARE_FILES_MAX,
  SHARE_PARAM,
  shareFileKey,
  shareMetaKey,
  type SharedMeta,
} from '../contract/share-target.ts';

declare const self: ServiceWorkerGlobalScope;

const field = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

async function keepShare(request: Request): Promise<Response> {
  const release = new URL('/release', self.location.origin);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return Response.redirect(release.href, 303);
  }
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
  const images = form
    .getAll(SHARE_FIELDS.files)
    .filter((value): value is File => typeof value !== 'string' && value.type.startsWith('image/'))
    .slice(0, SHARE_FILES_MAX);
  const cache = await caches.open(SHARE_CACHE);
  const meta: SharedMeta = {
    title: field(form, SHARE_FIELDS.title),
    text: field(form, SHARE_FIELDS.text),
    url: field(form, SHARE_FIELDS.url),
    files: [],
  };
  for (const [index, file] of images.entries()) {
    const key = shareFileKey(id, index);
    await cache.put(key, new Response(file, { headers: { 'content-type': file.type } }));
    meta.files.push({ key, name: file.name, type: file.type });
  }
  await cache.put(shareMetaKey(id), Response.json(meta));
  release.searchParams.set(SHARE_PARAM, id);
  return Response.redirect(release.href, 303);
}

export function registerShareTarget(): void {
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname === SHARE_ACTION,
    ({ request }) => keepShare(request),
    'POST',
  );
}
