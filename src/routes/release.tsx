/**
 * The publish page (/release): compose a forum topic (group, title, text with simple
 * formatting, images, one video, tags), preview it, publish it and open it. Everything typed or
 * picked is the draft of src/features/publish/release-draft.ts, kept in IndexedDB as it changes, so a reload, an
 * app restart or a lost connection loses nothing; the video upload resumes from what the server
 * holds. Publishing waits for the video upload (not for its HLS job: the topic shows that state).
 * A link, text or images shared to the installed app arrive here too (features/publish/shared-items.ts).
 * ?group={topicId} (发帖 on a forum group) picks that group.
 */
import '../styles/forms.css';
import '../features/posts/posts.css';
import '../features/publish/release.css';
import { use, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useSnapshot } from 'valtio/react';
import { useLocation } from 'wouter';
import { publishTopic } from '../features/publish/publish-calls.ts';
import { BODY_MAX, IMAGES_MAX, TAGS_MAX, textLength, TITLE_MAX } from '../../contract/calls/publish-limits.ts';
import { paths } from '../lib/route-paths.ts';
import { idParam } from '../lib/route-params.ts';
import { usePageQuery } from '../components/page/use-page-query.ts';
import { FormField } from '../components/form-field.tsx';
import { BodyEditor } from '../features/publish/body-editor.tsx';
import { GroupPicker, TagPicker } from '../features/publish/choice-chips.tsx';
import { ImagePicker } from '../features/publish/image-picker.tsx';
import { useSharedImages } from '../features/publish/shared-items.ts';
import { ReleasePreview } from '../features/publish/release-preview.tsx';
import { VideoPicker } from '../features/publish/video-picker.tsx';
import { SegmentTabs } from '../components/segment-tabs.tsx';
import { releaseMessages as t } from '../features/publish/publish-messages.ts';
import {
  draftReady,
  releaseDraft,
  resetDraft,
  videoUpload,
  type ReleaseDraft,
} from '../features/publish/release-draft.ts';
import { showToast } from '../stores/toast.ts';

type Mode = 'edit' | 'preview';
const MODES = [
  { value: 'edit', label: t.modes.edit },
  { value: 'preview', label: t.modes.preview },
] as const;

/** What keeps the draft from being published, or null. */
function problemOf(
  draft: Pick<ReleaseDraft, 'topicId' | 'title' | 'body'> & { video: unknown },
  videoDone: boolean,
): string | null {
  if (draft.topicId === null) return t.needGroup;
  if (!draft.title.trim()) return t.needTitle;
  if (textLength(draft.title) > TITLE_MAX) return t.tooLong(t.title, TITLE_MAX);
  if (!draft.body.trim()) return t.needBody;
  if (textLength(draft.body) > BODY_MAX) return t.tooLong(t.body, BODY_MAX);
  if (draft.video && !videoDone) return t.waitVideo;
  return null;
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="release-section">
      <h2 className="release-section__title">
        {title}
        {hint && <span className="release-section__hint">{hint}</span>}
      </h2>
      {children}
    </section>
  );
}

export default function ReleaseScreen() {
  use(draftReady);
  const draft = useSnapshot(releaseDraft);
  const { progress } = useSnapshot(videoUpload);
  const [mode, setMode] = useState<Mode>('edit');
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const sharedImages = useSharedImages();
  const [query] = usePageQuery();
  const group = idParam(query.get('group') ?? undefined);
  // 发帖 from a forum group (paths.release(group)) picks that group.
  useEffect(() => {
    if (group !== null) releaseDraft.topicId = group;
  }, [group]);
  const videoResult = progress?.phase === 'done' ? progress.result : null;
  const problem = problemOf(draft, videoResult !== null);

  const publish = async (event: FormEvent) => {
    event.preventDefault();
    if (problem) return showToast(problem, { kind: 'error' });
    setBusy(true);
    try {
      const { id } = await publishTopic({
        title: draft.title,
        body: draft.body,
        topicId: draft.topicId!,
        tags: [...draft.tags],
        images: draft.images.map((image) => image.url),
        videoFileId: videoResult?.fileId,
      });
      await resetDraft();
      showToast(t.published, { kind: 'success' });
      navigate(paths.topic(id));
    } catch (error) {
      showToast(error instanceof Error ? error.message : String(error), { kind: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="release" onSubmit={publish} noValidate data-testid="release">
      <SegmentTabs tabs={MODES} value={mode} onChange={setMode} label={t.modesLabel} look="pills" />
      {mode === 'preview' ? (
        <ReleasePreview />
      ) : (
        <div className="release__fields">
          <Section title={t.group} hint={t.groupHint}>
            <GroupPicker value={draft.topicId} onChange={(topicId) => (releaseDraft.topicId = topicId)} />
          </Section>
          <FormField
            label={t.title}
            value={draft.title}
            onChange={(event) => (releaseDraft.title = event.target.value)}
            placeholder={t.titlePlaceholder}
            error={textLength(draft.title) > TITLE_MAX ? t.tooLong(t.title, TITLE_MAX) : null}
            trailing={<span className="field-counter">{t.counter(textLength(draft.title), TITLE_MAX)}</span>}
            data-testid="release-title"
          />
          <Section title={t.body}>
            <BodyEditor value={draft.body} onChange={(body) => (releaseDraft.body = body)} />
          </Section>
          <Section title={t.images} hint={t.imagesHint(draft.images.length, IMAGES_MAX)}>
            <ImagePicker images={releaseDraft.images} incoming={sharedImages} />
          </Section>
          <Section title={t.video}>
            <VideoPicker />
          </Section>
          <Section title={t.tags} hint={t.tagsHint(TAGS_MAX)}>
            <TagPicker value={draft.tags} onChange={(tags) => (releaseDraft.tags = tags)} />
          </Section>
        </div>
      )}
      <div className="release__bar">
        <span className="release__note">{problem === t.waitVideo ? problem : t.draftSaved}</span>
        <button
          type="submit"
          className="button button--primary release__publish"
          disabled={busy || problem === t.waitVideo}
          data-testid="release-publish"
        >
          {busy ? t.publishing : t.publish}
        </button>
      </div>
    </form>
  );
}
