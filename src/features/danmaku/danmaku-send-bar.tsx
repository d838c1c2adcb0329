/**
 * The send bar (发个弹幕见证当下, the position and colour pickers, 发送): under the player on
 * phones, inside the control bar on wide screens and in fullscreen. The danmaku is shown at once
 * at the video's current time and confirmed by the server's answer; a refused one (a listed word,
 * the rate limit) disappears, the server's message is shown as a toast and the text stays. One sent
 * while the danmaku are switched off switches them on (the sender would see nothing) and says so.
 * The style button (the pickers) reads "A 样式". The draft lives outside the component, so moving
 * the bar (fullscreen, rotation) keeps it.
 */
import { useState, type FormEvent, type RefObject } from 'react';
import { proxy } from 'valtio/vanilla';
import { useSnapshot } from 'valtio/react';
import { DANMAKU_TEXT_MAX } from '../../../contract/calls/community-limits.ts';
import { DANMAKU_COLOURS, DANMAKU_MODES, type DanmakuColour, type DanmakuMode } from '../../../contract/enums.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { showToast } from '../../stores/toast.ts';
import { userState } from '../../stores/user.ts';
import { sendDanmaku } from './danmaku-calls.ts';
import type { DanmakuFeed } from './danmaku-feed.ts';
import { IconStyle } from './danmaku-icons.tsx';
import { danmakuMessages as m } from './danmaku-messages.ts';
import { updateDanmakuSettings, useDanmakuSettings } from './danmaku-settings.ts';
import './danmaku-send-bar.css';

const draft = proxy({ text: '', mode: 'scroll' as DanmakuMode, colour: '#ffffff' as DanmakuColour });
/** The key of a send that failed, kept while the text is unchanged: a retry is the same send. */
let retry: { text: string; key: string } | null = null;

interface DanmakuSendBarProps {
  movieId: number;
  feed: DanmakuFeed;
  video: RefObject<HTMLVideoElement | null>;
  /** Inside the player's control bar (the pickers open upwards over the video). */
  inBar: boolean;
}

export function DanmakuSendBar({ movieId, feed, video, inBar }: DanmakuSendBarProps) {
  const { text, mode, colour } = useSnapshot(draft);
  const { info } = useSnapshot(userState);
  const { enabled } = useDanmakuSettings();
  const [pickers, setPickers] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clean = draft.text.trim();
    if (!clean) return void showToast(m.empty);
    if ([...clean].length > DANMAKU_TEXT_MAX) return void showToast(m.tooLong(DANMAKU_TEXT_MAX));
    if (!userState.info) return void showToast(m.needSession);
    const atMs = Math.floor((video.current?.currentTime ?? 0) * 1_000);
    const idempotencyKey = retry?.text === clean ? retry.key : newIdempotencyKey();
    const key = feed.addOwn({ atMs, text: clean, mode: draft.mode, colour: draft.colour });
    setBusy(true);
    try {
      const item = await sendDanmaku(
        { movieId },
        { atMs, text: clean, mode: draft.mode, colour: draft.colour, idempotencyKey },
      );
      feed.confirm(key, item);
      retry = null;
      if (!enabled) {
        updateDanmakuSettings({ enabled: true });
        showToast(m.sentTurnedOn);
      }
      if (draft.text.trim() === clean) draft.text = '';
      setPickers(false);
    } catch {
      feed.drop(key); // the client showed the server's message
      retry = { text: clean, key: idempotencyKey };
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={`danmaku-send${inBar ? ' danmaku-send--bar' : ''}`}
      onSubmit={(event) => void submit(event)}
      data-testid="danmaku-send"
    >
      <button
        type="button"
        className="danmaku-send__style"
        aria-label={m.style}
        title={m.style}
        aria-expanded={pickers}
        onClick={() => setPickers((open) => !open)}
        data-testid="danmaku-style"
      >
        <IconStyle style={{ color: colour }} />
        <span className="danmaku-send__style-hint" aria-hidden="true">
          {m.styleHint}
        </span>
      </button>
      <input
        className="danmaku-send__input"
        value={text}
        maxLength={DANMAKU_TEXT_MAX * 2}
        placeholder={m.placeholder}
        aria-label={m.placeholder}
        enterKeyHint="send"
        disabled={!info}
        onChange={(event) => (draft.text = event.target.value)}
        data-testid="danmaku-input"
      />
      <button type="submit" className="danmaku-send__submit" disabled={busy || !info || !text.trim()}>
        {busy ? m.sending : m.send}
      </button>
      {pickers && (
        <div className="danmaku-send__pickers" data-testid="danmaku-pickers">
          <div className="danmaku-send__group" role="radiogroup" aria-label={m.mode}>
            {DANMAKU_MODES.map((option) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={mode === option}
                className="danmaku-chip"
                onClick={() => (draft.mode = option)}
              >
                {m.modes[option]}
              </button>
            ))}
          </div>
          <div className="danmaku-send__group" role="radiogroup" aria-label={m.colour}>
            {DANMAKU_COLOURS.map((option) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={colour === option}
                aria-label={m.colours[option]}
                className="danmaku-swatch"
                style={{ background: option }}
                onClick={() => (draft.colour = option)}
              />
            ))}
          </div>
        </div>
      )}
    </form>
  );
}
