/**
 * The composer of a reply or a movie comment (loaded when first opened): the quoted floor, a movie
 * comment's 1-5 stars, the text (the rules of /release: 1-5,000 characters with a counter), the @
 * autocomplete of nicknames (/user/suggest; the picked user's id is sent as a mention), up to 9
 * images through the release page's image picker, and 发送.
 *
 * Everything typed lives in the target's draft (reply-drafts.ts, IndexedDB), so nothing is lost:
 * a refused send keeps the text and shows the server's message (code 2 naming the field, code 8
 * with the wait); without a network the send is queued with the draft's idempotency key
 * (api/offline-queue.ts) and the composer says 网络恢复后将自动发送.
 */
import './composer.css';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useSnapshot } from 'valtio/react';
import { REPLY_BODY_MAX } from '../../../contract/calls/community-limits.ts';
import { textLength } from '../../../contract/calls/publish-limits.ts';
import type { Reply } from '../../../contract/calls/content.ts';
import { showToast } from '../../stores/toast.ts';
import { ImagePicker } from '../publish/image-picker.tsx';
import { sendReply, targetKey, type ReplyTargetRef } from './reply-calls.ts';
import { clearDraft, draftOf, mentionIds } from './reply-drafts.ts';
import { queueDraft } from './queued-replies.ts';
import { insertMention, mentionAt, useMentionSuggestions } from './mention-suggest.ts';
import { StarsInput } from './rating-stars.tsx';
import { UserAvatar } from '../users/user-avatar.tsx';
import { replyMessages as t } from './reply-messages.ts';

export interface ComposerProps {
  target: ReplyTargetRef;
  /** Sent (the new reply) or queued offline (null). */
  onDone: (reply: Reply | null) => void;
  autoFocus?: boolean;
}

export default function ReplyComposer({ target, onDone, autoFocus = true }: ComposerProps) {
  const key = targetKey(target);
  const draft = draftOf(key);
  const shown = useSnapshot(draft);
  const area = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [imagesOpen, setImagesOpen] = useState(draft.images.length > 0);

  const typing = mentionAt(shown.body, caret);
  const suggestions = useMentionSuggestions(typing?.keyword ?? null);
  const length = textLength(shown.body);
  const tooLong = length > REPLY_BODY_MAX;
  const canSend = shown.body.trim() !== '' && !tooLong && !sending;

  useEffect(() => {
    if (!autoFocus) return;
    const element = area.current;
    element?.focus();
    element?.setSelectionRange(element.value.length, element.value.length);
  }, [autoFocus]);

  const edit = (body: string, at: number) => {
    draft.body = body;
    draft.updatedAt = Date.now();
    setCaret(at);
    setActive(0);
    setError(null);
  };

  const pick = (index: number) => {
    const user = suggestions[index];
    if (!user || !typing) return;
    const next = insertMention(draft.body, typing.start, caret, user.nickname);
    if (!draft.mentions.some((known) => known.id === user.id))
      draft.mentions.push({ id: user.id, nickname: user.nickname });
    edit(next.text, next.caret);
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const startMention = () => {
    const element = area.current;
    const at = element?.selectionStart ?? draft.body.length;
    const before = draft.body.slice(0, at);
    const insert = before === '' || /\s$/.test(before) ? '@' : ' @';
    edit(`${before}${insert}${draft.body.slice(at)}`, at + insert.length);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(at + insert.length, at + insert.length);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (suggestions.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const by = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => (index + by + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pick(active);
        return;
      }
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && canSend) void send();
  };

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    setError(null);
    try {
      const result = await sendReply(target, {
        body: draft.body,
        images: draft.images.map((image) => image.url),
        mentions: mentionIds(draft),
        idempotencyKey: draft.idempotencyKey,
        ...(draft.quote ? { quoteId: draft.quote.id } : {}),
        ...(target.type === 'movie' && draft.rating ? { rating: draft.rating } : {}),
      });
      if (result.queued) queueDraft(target);
      else clearDraft(key);
      if (result.queued) showToast(t.queued, { duration: 3_000 });
      else showToast(t.sent, { kind: 'success' });
      onDone(result.queued ? null : result.reply);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : t.likeFailed);
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="composer"
      data-testid="composer"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      {shown.quote && (
        <div className="composer__quote" data-testid="composer-quote">
          <span className="composer__quote-text">
            {t.quote(shown.quote.floor)} @{shown.quote.nickname}：{shown.quote.excerpt}
          </span>
          <button
            type="button"
            className="composer__quote-remove"
            onClick={() => (draft.quote = null)}
            aria-label={t.removeQuote}
          >
            ×
          </button>
        </div>
      )}
      {target.type === 'movie' && <StarsInput value={shown.rating} onChange={(stars) => (draft.rating = stars)} />}
      <div className={`composer__field${tooLong ? ' has-error' : ''}`}>
        <textarea
          ref={area}
          className="composer__input"
          value={shown.body}
          placeholder={t.placeholder[target.type]}
          aria-label={t.bodyLabel}
          rows={4}
          onChange={(event) => edit(event.target.value, event.target.selectionStart)}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          data-testid="composer-input"
        />
        {suggestions.length > 0 && (
          <ul className="mention-list" role="listbox" aria-label={t.mentionLabel} data-testid="mention-list">
            {suggestions.map((user, index) => (
              <li key={user.id} role="option" aria-selected={index === active}>
                <button
                  type="button"
                  className={`mention-list__item${index === active ? ' is-active' : ''}`}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(index)}
                >
                  <UserAvatar user={user} size={24} />
                  {user.nickname}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {imagesOpen && <ImagePicker images={draft.images} testIdPrefix="reply" />}
      {error && (
        <p className="composer__error" role="alert" data-testid="composer-error">
          {error}
        </p>
      )}
      <div className="composer__bar">
        <button
          type="button"
          className={`composer__tool${imagesOpen ? ' is-on' : ''}`}
          onClick={() => setImagesOpen(!imagesOpen)}
          aria-pressed={imagesOpen}
          data-testid="composer-images"
        >
          {t.addImage}
          {shown.images.length > 0 && ` ${shown.images.length}`}
        </button>
        <button type="button" className="composer__tool" onClick={startMention} aria-label={t.mentionLabel}>
          {t.mention}
        </button>
        <span className={`composer__counter${tooLong ? ' is-over' : ''}`} aria-live="polite">
          {tooLong ? t.tooLong(REPLY_BODY_MAX) : t.counter(length, REPLY_BODY_MAX)}
        </span>
        <button
          type="submit"
          className="button button--primary composer__send"
          disabled={!canSend}
          data-testid="composer-send"
        >
          {sending ? t.sending : t.send}
        </button>
      </div>
    </form>
  );
}
