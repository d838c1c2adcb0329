/**
 * The topic being written on /release, kept in IndexedDB so it survives a reload, an app
 * restart and being offline: title, text, forum group, tags, uploaded images, and the video with
 * the record of its resumable upload. The picked video File is kept under a key of its own
 * (Chromium stores Files in IndexedDB; where a browser cannot, the upload survives only the page).
 *
 * The video upload runs here, not in the page, so leaving /release and coming back keeps it going;
 * its live progress is `videoUpload` (not persisted). After a reload the upload waits, paused, for
 * resumeVideo(): the server's answer to check decides what is still to send.
 */
import { del, get, set } from 'idb-keyval';
import { proxy, ref } from 'valtio/vanilla';
import type { UploadedImage } from '../../../contract/calls/member.ts';
import { checkChunks, mergeChunks, uploadChunk, cancelUpload } from './publish-calls.ts';
import type { UploadedFileInfo } from '../../../contract/calls/publish.ts';
import type { UploadMime } from '../../../contract/calls/publish-limits.ts';
import { chooseChunkSize } from './upload/chunk-plan.ts';
import { ChunkUploader, type UploadProgress, type UploadRecord } from './upload/chunk-uploader.ts';
import { hashFile } from './upload/hash-file.ts';
import { persist } from '../../stores/persist.ts';

/**
 * idb-keyval keys (beside lib/storage-keys.ts STORE_KEYS, kept here so they stay out of the entry
 * bundle): the draft, and the picked video File apart from it.
 */
const DRAFT_KEY = 'release-draft';
const VIDEO_FILE_KEY = 'release-video';

export interface VideoDraft {
  name: string;
  size: number;
  mime: UploadMime;
  record: UploadRecord;
  /** The merged upload, once done. */
  result: UploadedFileInfo | null;
}

export interface ReleaseDraft {
  title: string;
  body: string;
  topicId: number | null;
  tags: string[];
  images: UploadedImage[];
  video: VideoDraft | null;
}

const empty = (): ReleaseDraft => ({ title: '', body: '', topicId: null, tags: [], images: [], video: null });

export const releaseDraft = proxy<ReleaseDraft>(empty());

/** The live state of the video upload; null without a video. `file` is null when it was lost. */
export const videoUpload = proxy<{ progress: UploadProgress | null; file: File | null }>({
  progress: null,
  file: null,
});

let uploader: ChunkUploader | null = null;

const deps = {
  hash: hashFile,
  check: checkChunks,
  upload: uploadChunk,
  merge: mergeChunks,
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
};

function makeUploader(file: File, video: VideoDraft): ChunkUploader {
  uploader = new ChunkUploader(
    file,
    video.mime,
    { ...video.record, done: [...video.record.done] },
    deps,
    (progress, record) => {
      videoUpload.progress = progress;
      if (releaseDraft.video) {
        releaseDraft.video.record = record;
        releaseDraft.video.result = progress.result;
      }
    },
  );
  videoUpload.progress = { ...uploader.progress, phase: video.result ? 'done' : 'paused', result: video.result };
  return uploader;
}

export const draftReady: Promise<void> = (async () => {
  await persist(DRAFT_KEY, releaseDraft);
  const video = releaseDraft.video;
  if (!video) return;
  const file = await get<File>(VIDEO_FILE_KEY).catch(() => undefined);
  videoUpload.file = file ? ref(file) : null;
  if (file) makeUploader(file, video);
  else if (video.result)
    videoUpload.progress = {
      phase: 'done',
      hashedBytes: 0,
      sentBytes: video.size,
      totalBytes: video.size,
      speed: 0,
      secondsLeft: null,
      error: null,
      fatal: false,
      result: video.result,
    };
})();

/** Picks a video: any previous one is cancelled; the upload starts at once. */
export async function chooseVideo(file: File, mime: UploadMime): Promise<void> {
  await removeVideo();
  const video: VideoDraft = {
    name: file.name,
    size: file.size,
    mime,
    record: { fileId: null, chunkSize: chooseChunkSize(file.size), done: [] },
    result: null,
  };
  releaseDraft.video = video;
  videoUpload.file = ref(file);
  await set(VIDEO_FILE_KEY, file).catch(() => undefined);
  void makeUploader(file, video).start();
}

export const resumeVideo = (): void => void uploader?.start();

/** The merged video's HLS job state, asked again (a repeated merge answers the current state). */
export async function refreshVideoState(): Promise<void> {
  const video = releaseDraft.video;
  if (!video?.result || !video.record.fileId) return;
  const result = await mergeChunks(video.record.fileId).catch(() => null);
  if (!result || releaseDraft.video !== video) return;
  video.result = result;
  if (videoUpload.progress) videoUpload.progress = { ...videoUpload.progress, result };
}
export const pauseVideo = (): void => uploader?.pause();

/** Stops the upload, tells the server to drop its chunks, forgets the video. */
export async function removeVideo(): Promise<void> {
  const fileId = releaseDraft.video?.record.fileId;
  const merged = releaseDraft.video?.result;
  uploader?.pause();
  uploader = null;
  releaseDraft.video = null;
  videoUpload.progress = null;
  videoUpload.file = null;
  await del(VIDEO_FILE_KEY).catch(() => undefined);
  if (fileId && !merged) await cancelUpload(fileId).catch(() => undefined);
}

/** After publishing: an empty draft (the published video stays on the server). */
export async function resetDraft(): Promise<void> {
  uploader?.pause();
  uploader = null;
  Object.assign(releaseDraft, empty());
  Object.assign(videoUpload, { progress: null, file: null });
  await del(VIDEO_FILE_KEY).catch(() => undefined);
}
