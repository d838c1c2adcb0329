/**
 * An image named by a media key, in a box of fixed aspect ratio (no layout shift). Lazy and async
 * unless `priority` (the LCP image: eager, fetchpriority high). Shown as it arrives, no fade. With
 * `largeKey` the browser picks the small or large file by `sizes`. When the image fails on a CDN
 * line, the line fails over (stores/cdn.ts) and the same key is tried on the next line, once per
 * line; after every line failed, a neutral placeholder stays.
 *
 * Inside `PriorityImagesOnly` (the server's first paint of home and a movie; the play page's
 * related posters until the video's first data) only priority images are drawn; the others keep
 * their box and come later, so nothing competes with the LCP image before the app runs, nor with
 * the video's first segment.
 */
import '../styles/content.css';
import { createContext, useContext, useState } from 'react';
import { mediaUrl } from '../stores/media-url.ts';
import { failOver, useCdnLines } from '../stores/cdn.ts';

export type MediaRatio = '2/3' | '16/9' | '1/1' | '12/5';

interface MediaImageProps {
  mediaKey: string | null | undefined;
  alt: string;
  ratio: MediaRatio;
  className?: string;
  priority?: boolean;
  /** The `sizes` attribute; used with largeKey. */
  sizes?: string;
  /** A larger rendition of the same image (e.g. the 720 px poster beside the 360 px one). */
  largeKey?: string | null;
  /** Intrinsic widths of mediaKey and largeKey, for the srcset. */
  widths?: readonly [small: number, large: number];
}

const DEFAULT_WIDTHS = [360, 720] as const;

export const PriorityImagesOnly = createContext(false);

export function MediaImage({
  mediaKey,
  alt,
  ratio,
  className,
  priority = false,
  sizes,
  largeKey,
  widths = DEFAULT_WIDTHS,
}: MediaImageProps) {
  const { active, lines } = useCdnLines();
  const priorityOnly = useContext(PriorityImagesOnly);
  // The line this image tries; null follows the active line. Lines already tried are not retried.
  const [attempt, setAttempt] = useState<{ key: string; line: string | null; tried: readonly string[] }>({
    key: '',
    line: null,
    tried: [],
  });
  const [loaded, setLoaded] = useState<string>('');
  const current = attempt.key === mediaKey ? attempt : { key: mediaKey ?? '', line: null, tried: [] };
  const line = current.line ?? active ?? lines[0] ?? null;
  const src = mediaUrl(mediaKey, line);
  const failed = !!mediaKey && line !== null && current.tried.includes(line);

  const onError = () => {
    if (!line || !mediaKey) return;
    const tried = [...current.tried, line];
    const next = failOver(line);
    const untried = next && !tried.includes(next) ? next : lines.find((candidate) => !tried.includes(candidate));
    setAttempt({ key: mediaKey, line: untried ?? line, tried });
  };

  const showImage = (priority || !priorityOnly) && src !== '' && !failed;
  return (
    <div
      className={`media-image${loaded === src && showImage ? ' is-loaded' : ''}${className ? ` ${className}` : ''}`}
      style={{ aspectRatio: ratio }}
    >
      {showImage && (
        <img
          key={src}
          src={src}
          srcSet={largeKey ? `${src} ${widths[0]}w, ${mediaUrl(largeKey, line)} ${widths[1]}w` : undefined}
          sizes={largeKey ? sizes : undefined}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          decoding={priority ? 'auto' : 'async'}
          fetchPriority={priority ? 'high' : undefined}
          draggable={false}
          onLoad={() => setLoaded(src)}
          onError={onError}
        />
      )}
    </div>
  );
}
