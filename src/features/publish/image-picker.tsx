/**
 * Images of a draft (a topic on /release, a reply in its composer): up to IMAGES_MAX tiles. A picked photo is scaled down in the browser
 * (≤ 1600 px, WebP or JPEG: lib/shrink-image.ts) and uploaded at once through
 * /shard/memberUploadImg; its url joins the draft when the server has it, so the draft only ever
 * holds images that can be published. Tiles uploading show the local picture dimmed.
 *
 * `images` is the draft's list as a valtio proxy (e.g. releaseDraft.images): the picker pushes to
 * and splices it, and reads it through a snapshot.
 */
import './image-picker.css';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useSnapshot } from 'valtio/react';
import { uploadPostImage } from './publish-calls.ts';
import { IMAGES_MAX } from '../../../contract/calls/publish-limits.ts';
import { shrinkImage } from '../../lib/shrink-image.ts';
import { releaseMessages as t } from './publish-messages.ts';
import type { UploadedImage } from '../../../contract/calls/member.ts';
import { showToast } from '../../stores/toast.ts';

/** /shard/memberUploadImg's limit (contract/calls/member.ts UPLOAD_MAX_BYTES; that module is types-only here). */
const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
const POST_IMAGE_SIDE = 1600;
const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

interface ImagePickerProps {
  images: UploadedImage[];
  /** Images handed in from elsewhere (shared to the app: shared-items.ts), uploaded as if picked, once. */
  incoming?: readonly File[];
  /** Prefix of the test ids (the add button, the file input). */
  testIdPrefix?: string;
}

export function ImagePicker({ images: list, incoming, testIdPrefix = 'release' }: ImagePickerProps) {
  const images = useSnapshot(list);
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<{ id: number; preview: string }[]>([]);
  const room = IMAGES_MAX - images.length - pending.length;

  const upload = async (file: File, id: number) => {
    const preview = URL.createObjectURL(file);
    setPending((list) => [...list, { id, preview }]);
    try {
      const shrunk = await shrinkImage(file, POST_IMAGE_SIDE);
      if (shrunk.size > UPLOAD_MAX_BYTES) throw new Error(t.imageFailed);
      const uploaded = await uploadPostImage(shrunk);
      if (list.length < IMAGES_MAX) list.push(uploaded);
    } catch (error) {
      showToast(error instanceof Error && error.message ? `${t.imageFailed}：${error.message}` : t.imageFailed, {
        kind: 'error',
      });
    } finally {
      setPending((list) => list.filter((item) => item.id !== id));
      URL.revokeObjectURL(preview);
    }
  };

  const taken = useRef<readonly File[] | undefined>(undefined);
  useEffect(() => {
    if (!incoming?.length || taken.current === incoming) return;
    taken.current = incoming; // once, also under StrictMode's second run
    incoming.slice(0, room).forEach((file, i) => void upload(file, Date.now() + i));
  });

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.some((file) => !file.type.startsWith('image/'))) showToast(t.imageNotImage, { kind: 'error' });
    files
      .filter((file) => file.type.startsWith('image/'))
      .slice(0, room)
      .forEach((file, i) => void upload(file, Date.now() + i));
  };

  return (
    <div className="image-grid">
      {images.map((image, i) => (
        <div key={`${image.url}-${i}`} className="image-tile">
          <img src={image.url} alt="" loading="lazy" />
          <button
            type="button"
            className="image-tile__remove"
            onClick={() => list.splice(i, 1)}
            aria-label={t.removeImage(i + 1)}
          >
            ×
          </button>
        </div>
      ))}
      {pending.map((item) => (
        <div key={item.id} className="image-tile is-pending" role="status">
          <img src={item.preview} alt="" />
          <span className="upload-spinner" aria-hidden="true" />
        </div>
      ))}
      {room > 0 && (
        <button
          type="button"
          className="image-tile image-tile--add"
          onClick={() => input.current?.click()}
          data-testid={`${testIdPrefix}-add-image`}
        >
          <span aria-hidden="true">+</span>
          <span className="image-tile__label">{t.addImage}</span>
        </button>
      )}
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        onChange={pick}
        data-testid={`${testIdPrefix}-image-input`}
      />
    </div>
  );
}
