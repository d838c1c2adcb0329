/**
 * Makes a picked photo fit for upload (avatars; topic images with maxSide 1600): scaled down to at
 * most `maxSide` pixels, as WebP (JPEG where the browser cannot encode WebP), so a phone's 8 MB
 * photo becomes a small upload under the 5 MiB limit (contract/calls/member.ts UPLOAD_MAX_BYTES). Where
 * the browser cannot decode or encode it (an old WebView, an odd format), the file is sent as it is.
 */
export async function shrinkImage(file: Blob, maxSide = 1024): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const encode = (type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.88));
    // Browsers that cannot encode WebP (older Safari) answer PNG for it: JPEG then.
    let blob = await encode('image/webp');
    if (blob?.type !== 'image/webp') blob = await encode('image/jpeg');
    return blob && (blob.type === 'image/webp' || blob.type === 'image/jpeg') && (blob.size < file.size || scale < 1)
      ? blob
      : file;
  } catch {
    return file;
  }
}
