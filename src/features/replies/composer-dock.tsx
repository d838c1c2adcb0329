/**
 * Where the composer lives on a page with replies: a bar fixed at the bottom ("说点什么…", or the
 * draft's start marked [草稿]). Tapping it opens the composer (reply-composer.tsx, loaded then) in
 * a bottom sheet on phones, or docked in place, over the bottom of the page, from 768 px. 回复 on a
 * floor opens it with that floor quoted. After a send the new reply shows at once and the lists
 * refresh; a send queued offline is announced in the bar until it has gone out.
 */
import './composer.css';
import { lazy, Suspense, useEffect, useImperativeHandle, useState, type Ref } from 'react';
import { useSnapshot } from 'valtio/react';
import type { Reply } from '../../../contract/calls/content.ts';
import { plainText } from '../../../contract/rich-text.ts';
import { useMediaQuery } from '../../components/hooks/use-media-query.ts';
import { Modal } from '../../components/modal.tsx';
import { targetKey, type ReplyTargetRef } from './reply-calls.ts';
import { draftOf, draftsReady, draftsState, isDraftEmpty } from './reply-drafts.ts';
import { hasQueued } from './queued-replies.ts';
import { addSentReply, refreshTarget } from './reply-list-store.ts';
import { refreshMovieScore } from './movie-score.tsx';
import { replyMessages as t } from './reply-messages.ts';
import { loadChunk } from '../../lib/load-chunk.ts';

const ReplyComposer = lazy(() => loadChunk(() => import('./reply-composer.tsx')));
const WIDE = '(min-width: 768px)';
const QUOTE_EXCERPT = 60;

export interface ComposerHandle {
  /** Opens the composer, quoting this floor (null: no quote change). */
  open: (quote: Reply | null) => void;
}

export function ComposerDock({ target, ref }: { target: ReplyTargetRef; ref: Ref<ComposerHandle> }) {
  const key = targetKey(target);
  const wide = useMediaQuery(WIDE);
  const [open, setOpen] = useState(false);
  const [ready, setReady] = useState(false);
  const { drafts, queued } = useSnapshot(draftsState);
  const draft = ready ? drafts[key] : undefined;

  useEffect(() => {
    let live = true;
    void draftsReady().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);

  const openWith = (quote: Reply | null) => {
    void draftsReady().then(() => {
      const own = draftOf(key); // created before the composer renders it
      if (quote) {
        own.quote = {
          id: quote.id,
          floor: quote.floor,
          nickname: quote.author?.nickname ?? t.anonymous,
          excerpt: plainText(quote.body).slice(0, QUOTE_EXCERPT),
        };
      }
      setReady(true);
      setOpen(true);
    });
  };
  useImperativeHandle(ref, () => ({ open: openWith }));

  const done = (reply: Reply | null) => {
    setOpen(false);
    if (reply) addSentReply(target, reply);
    refreshTarget(target);
    if (reply?.rating && target.type === 'movie') void refreshMovieScore(target.id).catch(() => undefined);
  };

  const composer = (
    <Suspense fallback={<div className="composer composer--loading" aria-busy="true" />}>
      <ReplyComposer target={target} onDone={done} />
    </Suspense>
  );
  const preview = draft && !isDraftEmpty(draft) ? plainText(draft.body) || t.images(draft.images.length) : '';

  return (
    <>
      <div className={`composer-dock-space${open && wide ? ' is-open' : ''}`} aria-hidden="true" />
      <div className={`composer-dock${open && wide ? ' is-open' : ''}`} data-testid="composer-dock">
        <div className="composer-dock__inner">
          {hasQueued(queued, target) && (
            <p className="composer-dock__queued" role="status" data-testid="composer-queued">
              {t.queued}
            </p>
          )}
          {open && wide ? (
            <>
              <div className="composer-dock__head">
                <span className="composer-dock__title">{t.composerTitle[target.type]}</span>
                <button
                  type="button"
                  className="composer-dock__collapse"
                  onClick={() => setOpen(false)}
                  aria-label={t.collapse}
                >
                  ×
                </button>
              </div>
              {composer}
            </>
          ) : (
            <button
              type="button"
              className="composer-dock__bar"
              onClick={() => openWith(null)}
              data-testid="composer-open"
            >
              {preview ? (
                <>
                  <span className="composer-dock__draft">{t.draftMark}</span>
                  <span className="composer-dock__text">{preview}</span>
                </>
              ) : (
                <span className="composer-dock__text">{t.placeholder[target.type]}</span>
              )}
            </button>
          )}
        </div>
      </div>
      {!wide && (
        <Modal
          open={open}
          onClose={() => setOpen(false)}
          title={t.composerTitle[target.type]}
          className="composer-sheet"
        >
          {composer}
        </Modal>
      )}
    </>
  );
}
