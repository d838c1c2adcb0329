/**
 * Playing a download on the play page (/movie/play/{id}?ep=N&offline=1, or any play URL while the
 * device is offline): the movie's detail and the episode's "ticket" come from the download's
 * record and its local playlist (served by the service worker from Cache Storage), so the page
 * renders and plays with no call, even for a title whose page was never opened online. An expired
 * copy refuses to play with a message; ?offline=1 for an episode not downloaded says so. Offline
 * without a download, the page loads as usual (and shows the failure).
 */
import { useSnapshot } from 'valtio/react';
import type { MovieDetail, PlayInfo } from '../../../contract/calls/content.ts';
import { offlinePlaylist } from '../../../contract/offline-media.ts';
import { networkState } from '../../stores/network.ts';
import { downloadMessages as t } from './download-messages.ts';
import { downloadsReady, finishedDownload, isExpired, type DownloadRecord } from './download-store.ts';

export const OFFLINE_QUERY = 'offline';
/** The one source of a download (the player shows no 播放源 menu for one). */
const OFFLINE_SOURCE = '本地';

/** The play page of a downloaded episode. */
export const offlinePlayPath = (movieId: number, episode: number): string =>
  `/movie/play/${movieId}?ep=${episode}&${OFFLINE_QUERY}=1`;

const playOf = (record: DownloadRecord): PlayInfo => {
  const brief = record.movie.episodes.find((e) => e.number === record.episode);
  return {
    movieId: record.movie.id,
    episode: brief ?? { id: 0, number: record.episode, title: record.episodeTitle, durationS: record.durationS },
    episodeCount: record.movie.episodes.length,
    playlist: offlinePlaylist(record.movie.id, record.episode),
    sources: [{ name: OFFLINE_SOURCE, playlist: offlinePlaylist(record.movie.id, record.episode) }],
    trial: false,
    trialSeconds: 0,
    durationS: record.durationS,
  };
};

export interface PlaySource {
  /** Part of the page's resource keys: another source is another load. */
  key: string;
  movie: (id: number, episode: number, online: () => Promise<MovieDetail>) => Promise<MovieDetail>;
  play: (id: number, episode: number, online: () => Promise<PlayInfo>) => Promise<PlayInfo>;
}

/** The download of an episode when the page should play it; null: load from the network. */
async function localCopy(id: number, episode: number, asked: boolean): Promise<DownloadRecord | null> {
  await downloadsReady;
  const record = finishedDownload(id, episode);
  if (!record) {
    if (asked) throw new Error(t.notDownloaded);
    return null;
  }
  if (isExpired(record)) throw new Error(t.expired);
  return record;
}

/** Where the play page takes the movie and its playlist from: the download (asked or offline), else the network. */
export function usePlaySource(query: URLSearchParams, episode: number): PlaySource {
  const { online } = useSnapshot(networkState);
  const asked = query.get(OFFLINE_QUERY) === '1';
  if (!asked && online) return { key: '', movie: (_i, _e, load) => load(), play: (_i, _e, load) => load() };
  return {
    key: `:offline:${episode}`,
    movie: async (id, episode, load) => (await localCopy(id, episode, asked))?.movie ?? load(),
    play: async (id, episode, load) => {
      const record = await localCopy(id, episode, asked);
      return record ? playOf(record) : load();
    },
  };
}
