/**
 * A banner as visitors see it: the app's home carousel (src/features/home/banner-carousel.tsx and
 * home.css) shows it in a box of 12:5 on phones and of 3:1 from 768 px wide, the image covering the
 * box, centred (object-fit: cover), so what falls outside is cut off. Both boxes are drawn here at
 * the same width, cropped the same way, with the recommended size (what an upload is made into) and,
 * once the image has loaded, a word when its own ratio is far from the phone's.
 */
import { useState } from 'react';
import { settingsText } from './settings-messages.ts';

const text = settingsText.bannerFrames;

/** The app's boxes: the ratio as CSS writes it and as a number. */
export const BANNER_FRAMES = [
  { name: 'phone', label: text.phone, css: '12 / 5', ratio: 12 / 5 },
  { name: 'desktop', label: text.desktop, css: '3 / 1', ratio: 3 },
] as const;

/** How far (as a factor) an image's ratio may be from the phone's before the operator is told. */
const CLOSE_ENOUGH = 1.1;

/** Which sides of an image of `width`×`height` the phone's box cuts a lot of; null: little. */
export function croppedSides(width: number, height: number): 'sides' | 'ends' | null {
  const phone = BANNER_FRAMES[0].ratio;
  const ratio = width / height;
  if (ratio > phone * CLOSE_ENOUGH) return 'sides';
  if (ratio < phone / CLOSE_ENOUGH) return 'ends';
  return null;
}

export function BannerFrames({ src, compact = false }: { src: string | null; compact?: boolean }) {
  const [size, setSize] = useState<{ src: string; width: number; height: number } | null>(null);
  const known = size && size.src === src ? size : null;
  const cut = known ? croppedSides(known.width, known.height) : null;
  return (
    <div className={`banner-frames${compact ? ' banner-frames--compact' : ''}`} data-testid="banner-frames">
      <div className="banner-frames__boxes">
        {BANNER_FRAMES.map((frame) => (
          <figure key={frame.name} className="banner-frame">
            <div
              className={`banner-frame__box banner-frame__box--${frame.name}`}
              style={{ aspectRatio: frame.css }}
              data-testid={`banner-frame-${frame.name}`}
            >
              {src ? (
                <img
                  src={src}
                  alt=""
                  onLoad={(event) =>
                    setSize({
                      src,
                      width: event.currentTarget.naturalWidth,
                      height: event.currentTarget.naturalHeight,
                    })
                  }
                />
              ) : (
                <span>{settingsText.noImage}</span>
              )}
            </div>
            <figcaption className="banner-frame__label">{frame.label}</figcaption>
          </figure>
        ))}
      </div>
      {!compact && <span className="banner-frames__hint">{text.hint}</span>}
      {known && cut && (
        <span className="banner-frames__warning" role="note">
          {text.mismatch(known.width, known.height, cut)}
        </span>
      )}
    </div>
  );
}
