/**
 * The draft as the topic page will show it: group, title, the author (this user), the video (the
 * local file, playable before the upload ends) and the body with its formatting and images,
 * through the same PostBody as the topic page.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { PostBody } from '../posts/post-body.tsx';
import { Avatar } from '../../components/avatar.tsx';
import { releaseMessages as t } from './publish-messages.ts';
import { categoryByRoute, useAppInit } from '../../stores/app-init.ts';
import { releaseDraft, videoUpload } from './release-draft.ts';
import { userState } from '../../stores/user.ts';

function LocalVideo({ file }: { file: Blob }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url ? (
    <video className="topic-video__player topic-video" src={url} controls playsInline preload="metadata" />
  ) : null;
}

export function ReleasePreview() {
  const draft = useSnapshot(releaseDraft);
  const { file } = useSnapshot(videoUpload);
  const { categories } = useAppInit();
  const { info } = useSnapshot(userState);
  const group = categoryByRoute('/forum', categories)?.childList.find((node) => node.topicId === draft.topicId);
  if (!draft.title.trim() && !draft.body.trim() && draft.images.length === 0 && !file) {
    return <p className="release-preview__empty">{t.previewEmpty}</p>;
  }
  return (
    <article className="post-detail release-preview" data-testid="release-preview">
      {group && <span className="post-detail__group">{group.name}</span>}
      <h1 className="post-detail__title">{draft.title || t.untitled}</h1>
      {info && (
        <div className="release-preview__author">
          <Avatar src={info.avatar} name={info.nickname} size={36} />
          <span>{info.nickname}</span>
        </div>
      )}
      {file && <LocalVideo file={file} />}
      <PostBody body={draft.body} images={draft.images.map((image) => image.url)} title={draft.title} />
    </article>
  );
}
