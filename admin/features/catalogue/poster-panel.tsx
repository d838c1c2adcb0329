/**
 * 海报: the current poster, and a new one from an image file: the image with a 2:3 frame to drag
 * (or move with the arrow keys) and resize by its corner or the slider, a preview of the result,
 * and 裁剪并上传, which sends the image and the frame in source pixels; the server cuts the two
 * sizes the app uses.
 */
import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { POSTER_MAX_BYTES, type AdminMovie } from '../../../contract/admin/catalogue.ts';
import { adminMessages } from '../../admin-messages.ts';
import { mediaUrl, uploadPoster } from './catalogue-calls.ts';
import { catalogueMessages } from './catalogue-messages.ts';
import { cropOf, heightOf, initialFrame, maxWidth, moved, resized, type Frame, type Size } from './crop-frame.ts';

const text = catalogueMessages.poster;
const STAGE = 320;
const PREVIEW_WIDTH = 120;

interface Source {
  file: File;
  url: string;
  size: Size;
}

interface Drag {
  mode: 'move' | 'resize';
  startX: number;
  startY: number;
  frame: Frame;
}

const readBase64 = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error(text.notImage));
    reader.readAsDataURL(file);
  });

export function PosterPanel({ movie, onChange }: { movie: AdminMovie; onChange: (movie: AdminMovie) => void }) {
  const [source, setSource] = useState<Source | null>(null);
  const [frame, setFrame] = useState<Frame | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const drag = useRef<Drag | null>(null);

  useEffect(() => () => (source ? URL.revokeObjectURL(source.url) : undefined), [source]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setError(null);
    setDone(false);
    if (!file) return;
    if (!file.type.startsWith('image/')) return setError(text.notImage);
    if (file.size > POSTER_MAX_BYTES) return setError(text.tooLarge);
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      const size = { width: image.naturalWidth, height: image.naturalHeight };
      setSource({ file, url, size });
      setFrame(initialFrame(size));
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      setError(text.notImage);
    };
    image.src = url;
  }

  async function upload() {
    if (!source || !frame) return;
    setBusy(true);
    setError(null);
    try {
      onChange(await uploadPoster(movie.id, await readBase64(source.file), cropOf(frame, source.size)));
      setSource(null);
      setFrame(null);
      setDone(true);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : adminMessages.loadFailed);
    } finally {
      setBusy(false);
    }
  }

  const scale = source ? Math.min(STAGE / source.size.width, STAGE / source.size.height) : 1;

  function pointerDown(event: PointerEvent<HTMLElement>, mode: Drag['mode']) {
    if (!frame) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { mode, startX: event.clientX, startY: event.clientY, frame };
  }
  function pointerMove(event: PointerEvent<HTMLElement>) {
    const current = drag.current;
    if (!current || !source) return;
    const dx = (event.clientX - current.startX) / scale;
    const dy = (event.clientY - current.startY) / scale;
    setFrame(
      current.mode === 'move'
        ? moved(current.frame, source.size, dx, dy)
        : resized(current.frame, source.size, current.frame.width + Math.max(dx, dy * (2 / 3))),
    );
  }
  const pointerUp = () => {
    drag.current = null;
  };
  function keyMove(event: KeyboardEvent<HTMLElement>) {
    if (!frame || !source) return;
    const step = 10 / scale;
    const delta: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = delta[event.key];
    if (!move) return;
    event.preventDefault();
    setFrame(moved(frame, source.size, move[0], move[1]));
  }

  const previewScale = frame ? PREVIEW_WIDTH / frame.width : 1;
  return (
    <div className="catalogue-card poster-panel">
      <h2 className="catalogue-card__title">{catalogueMessages.groups.poster}</h2>
      {!source && (
        <div className="poster-panel__current">
          <img src={mediaUrl(movie.poster.small)} alt={text.current} width={120} height={180} />
          {done && <span className="catalogue__muted">{text.done}</span>}
        </div>
      )}
      {source && frame && (
        <>
          <div
            className="poster-crop"
            style={{ width: source.size.width * scale, height: source.size.height * scale }}
            onPointerMove={pointerMove}
            onPointerUp={pointerUp}
            onPointerCancel={pointerUp}
          >
            <img src={source.url} alt="" draggable={false} />
            <div
              className="poster-crop__frame"
              role="slider"
              tabIndex={0}
              aria-label={text.frame}
              aria-valuenow={Math.round(frame.x)}
              style={{
                left: frame.x * scale,
                top: frame.y * scale,
                width: frame.width * scale,
                height: heightOf(frame) * scale,
              }}
              onPointerDown={(event) => pointerDown(event, 'move')}
              onKeyDown={keyMove}
            >
              <span className="poster-crop__handle" onPointerDown={(event) => pointerDown(event, 'resize')} />
            </div>
          </div>
          <label className="field">
            <span className="field__label">{text.zoom}</span>
            <input
              type="range"
              min={Math.min(120, maxWidth(source.size))}
              max={maxWidth(source.size)}
              value={frame.width}
              onChange={(event) => setFrame(resized(frame, source.size, Number(event.target.value)))}
            />
          </label>
          <div className="poster-panel__preview">
            <span className="field__label">{text.preview}</span>
            <div className="poster-panel__preview-box" style={{ width: PREVIEW_WIDTH, height: PREVIEW_WIDTH * 1.5 }}>
              <img
                src={source.url}
                alt={text.preview}
                style={{
                  width: source.size.width * previewScale,
                  height: source.size.height * previewScale,
                  left: -frame.x * previewScale,
                  top: -frame.y * previewScale,
                }}
              />
            </div>
          </div>
        </>
      )}
      <label className="field">
        <span className="field__label">{text.choose}</span>
        <input
          className="field__input poster-panel__file"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          onChange={choose}
        />
        <span className="field__hint">{text.hint}</span>
      </label>
      {source && (
        <button className="button button--primary" type="button" disabled={busy} onClick={() => void upload()}>
          {busy ? text.uploading : text.upload}
        </button>
      )}
      {error && (
        <p className="catalogue-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
