/**
 * Whether a link from data (a banner's link an operator wrote, a push message's, a sign-in's
 * redirect target) is a path of this app, to be followed inside it. Browsers are lenient with what
 * they resolve: a backslash counts as a slash (`/\evil.example` is `//evil.example`, another host),
 * tabs and line breaks inside a URL are dropped (`/<tab>/evil.example`), and dot segments are
 * resolved (`/..//evil.example`). So a link is an in-app path only when it starts with one slash,
 * holds no backslash and no control character, and still starts with one slash once resolved as a
 * browser does and with an encoded slash or backslash (`/%5Cevil`) read as one. The app, the service
 * worker and the server (which refuses any other link on save) all ask this.
 */

/** Control characters (C0, DEL, C1) and the backslash: never in an in-app path. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\\]/;
/** A path starting with two slashes, a slash and a backslash, or their encodings. */
const HOST_AFTER_SLASH = /^\/(?:[/\\]|%2f|%5c)/i;
const BASE = 'https://in-app.invalid';

/** The link (trimmed) when it is an in-app path, else null. */
export function inAppPath(link: string | null | undefined): string | null {
  const value = (link ?? '').trim();
  if (!value.startsWith('/') || UNSAFE.test(value) || HOST_AFTER_SLASH.test(value)) return null;
  let resolved: URL;
  try {
    resolved = new URL(value, BASE);
  } catch {
    return null;
  }
  return resolved.origin === BASE && !HOST_AFTER_SLASH.test(resolved.pathname) ? value : null;
}

/** An absolute http(s) URL without control characters or backslashes, to open as another page. */
export function isExternalUrl(link: string): boolean {
  if (!/^https?:\/\/[^/?#]/i.test(link) || UNSAFE.test(link)) return false;
  try {
    return new URL(link).host !== '';
  } catch {
    return false;
  }
}
