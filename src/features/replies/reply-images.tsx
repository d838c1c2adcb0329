/**
 * A reply's images: square tiles three a row (one image: a wider tile), each a button that opens
 * the image whole in a modal viewer, where the other images of the reply are a tap (or an arrow key)
 * away.
 */
import { useState } from 'react';
import { MediaImage } from '../../components/media-image.tsx';
import { Modal } from '../../components/modal.tsx';
import { mediaUrl } from '../../stores/media-url.ts';
import { replyMessages as t } from './reply-messages.ts';

export function ReplyImages({ images }: { images: readonly string[] }) {
  const [open, setOpen] = useState<number | null>(null);
  if (images.length === 0) return null;
  const step = (by: number) =>
    setOpen((index) => (index === null ? null : (index + by + images.length) % images.length));
  return (
    <>
      <div
        className={`reply-images${images.length === 1 ? ' reply-images--one' : ''}`}
        aria-label={t.images(images.length)}
      >
        {images.map((key, i) => (
          <button
            key={`${key}-${i}`}
            type="button"
            className="reply-images__tile"
            onClick={() => setOpen(i)}
            aria-label={t.imageOf(i + 1)}
          >
            <MediaImage mediaKey={key} alt="" ratio="1/1" />
          </button>
        ))}
      </div>
      {open !== null && (
        <Modal open onClose={() => setOpen(null)} title={`${open + 1} / ${images.length}`} className="image-viewer">
          <div
            className="image-viewer__stage"
            tabIndex={0}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') step(1);
              if (event.key === 'ArrowLeft') step(-1);
            }}
            onClick={() => images.length > 1 && step(1)}
          >
            <img src={mediaUrl(images[open])} alt={t.imageOf(open + 1)} data-testid="image-viewer-image" />
          </div>
        </Modal>
      )}
    </>
  );
}
