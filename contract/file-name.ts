/**
 * The original name of an uploaded file, as the server keeps it and the console shows it. Bidi
 * controls (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F, U+061C) make a name read other than it is
 * ("clip<U+202E>4pm.exe" shows as "clipexe.mp4"), and other invisible format characters (zero
 * widths, the BOM, soft hyphens, tags) hide what it holds: all of Unicode's format characters (Cf)
 * and the Hangul fillers are dropped. A name with a path (a slash or a backslash), "..", a control
 * character or text the store cannot keep is refused, as is one with nothing left.
 */
import { isStorableText } from './calls/publish-limits.ts';

const INVISIBLE = /[\p{Cf}\u115f\u1160\u3164\uffa0]/gu;
const UNSAFE = /[\u0000-\u001f\u007f-\u009f/\\]|^\.+$/;

/** The name without its invisible format characters, trimmed. */
export const cleanFileName = (name: string): string => name.replace(INVISIBLE, '').trim();

/** Whether a (cleaned) name may be kept: no path, no "..", no control character, storable. */
export const isSafeFileName = (name: string): boolean =>
  !UNSAFE.test(name) && !name.includes('..') && isStorableText(name);
