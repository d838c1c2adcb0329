import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Heartbeat } from '../points/point-calls.ts';
import { HEARTBEAT_EVERY_MS, startWatchHeartbeat, type HeartbeatPlayer } from './watch-heartbeat.ts';

/** A player stand-in: events on an EventTarget, state set by the test. */
function fakePlayer() {
  const target = new EventTarget();
  const player = {
    currentTime: 0,
    paused: true,
    ended: false,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    emit(type: string) {
      if (type === 'playing') player.paused = false;
      if (type === 'pause' || type === 'ended') player.paused = true;
      target.dispatchEvent(new Event(type));
    },
  };
  return player;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('watch heartbeats', () => {
  it('beats on start, every 15 s while playing, and once "not playing" on pause', () => {
    const player = fakePlayer();
    const beats: Heartbeat[] = [];
    startWatchHeartbeat(player as unknown as HeartbeatPlayer, { movieId: 7, episode: 1 }, (beat) => beats.push(beat));
    player.emit('playing');
    player.currentTime = 15.4;
    vi.advanceTimersByTime(HEARTBEAT_EVERY_MS);
    player.currentTime = 30;
    vi.advanceTimersByTime(HEARTBEAT_EVERY_MS);
    player.currentTime = 31;
    player.emit('pause');
    vi.advanceTimersByTime(HEARTBEAT_EVERY_MS * 3); // paused: no beats
    expect(beats).toEqual([
      { movieId: 7, position: 0, playing: true, episode: 1 },
      { movieId: 7, position: 15.4, playing: true, episode: 1 },
      { movieId: 7, position: 30, playing: true, episode: 1 },
      { movieId: 7, position: 31, playing: false, episode: 1 },
    ]);
  });

  it('a resume after buffering restarts the interval instead of adding a second one', () => {
    const player = fakePlayer();
    const beats: Heartbeat[] = [];
    startWatchHeartbeat(player as unknown as HeartbeatPlayer, { movieId: 1, episode: 1 }, (beat) => beats.push(beat));
    player.emit('playing');
    vi.advanceTimersByTime(5_000);
    player.emit('playing'); // after a stall
    vi.advanceTimersByTime(HEARTBEAT_EVERY_MS);
    expect(beats.map((beat) => beat.playing)).toEqual([true, true, true]);
  });

  it('says "not playing" when the player goes away while playing, and nothing more after', () => {
    const player = fakePlayer();
    const beats: Heartbeat[] = [];
    const stop = startWatchHeartbeat(player as unknown as HeartbeatPlayer, { movieId: 3, episode: 1 }, (beat) =>
      beats.push(beat),
    );
    player.emit('playing');
    stop();
    vi.advanceTimersByTime(HEARTBEAT_EVERY_MS * 2);
    player.emit('playing');
    expect(beats.map((beat) => beat.playing)).toEqual([true, false]);
  });

  it('sends nothing on leaving a player that never played, and at most one "not playing" at the end', () => {
    const player = fakePlayer();
    const beats: Heartbeat[] = [];
    const stop = startWatchHeartbeat(player as unknown as HeartbeatPlayer, { movieId: 3, episode: 1 }, (beat) =>
      beats.push(beat),
    );
    stop();
    expect(beats).toEqual([]);
    const again = startWatchHeartbeat(player as unknown as HeartbeatPlayer, { movieId: 3, episode: 1 }, (beat) =>
      beats.push(beat),
    );
    player.emit('playing');
    player.emit('ended');
    again();
    expect(beats.map((beat) => beat.playing)).toEqual([true, false]);
  });

  it('says "not playing" with the position when the page goes away while playing (pagehide), once', () => {
    const player = fakePlayer();
    const page = new EventTarget();
    const beats: Heartbeat[] = [];
    const stop = startWatchHeartbeat(
      player as unknown as HeartbeatPlayer,
      { movieId: 5, episode: 1 },
      (beat) => beats.push(beat),
      page,
    );
    player.emit('playing');
    player.currentTime = 12.5;
    vi.advanceTimersByTime(12_500);
    page.dispatchEvent(new Event('pagehide')); // the tab closes: no pause event, no cleanup
    vi.advanceTimersByTime(HEARTBEAT_EVERY_MS * 2);
    stop();
    page.dispatchEvent(new Event('pagehide'));
    expect(beats).toEqual([
      { movieId: 5, position: 0, playing: true, episode: 1 },
      { movieId: 5, position: 12.5, playing: false, episode: 1 },
    ]);
  });
  it('saves the position when the page is hidden (keepalive), still playing, with the episode and its length', () => {
    const player = Object.assign(fakePlayer(), { duration: 28.08 });
    const page = new EventTarget();
    let hidden = false;
    const sent: [Heartbeat, boolean][] = [];
    const title = { movieId: 9, episode: 2 };
    const stop = startWatchHeartbeat(
      player as unknown as HeartbeatPlayer,
      title,
      (beat, keepalive) => sent.push([beat, keepalive]),
      page,
      () => hidden,
    );
    page.dispatchEvent(new Event('visibilitychange')); // shown, never played: nothing
    player.emit('playing');
    player.currentTime = 9.5;
    hidden = true;
    page.dispatchEvent(new Event('visibilitychange'));
    expect(sent).toEqual([
      [{ movieId: 9, episode: 2, position: 0, playing: true, durationS: 28.08 }, false],
      [{ movieId: 9, episode: 2, position: 9.5, playing: true, durationS: 28.08 }, true],
    ]);
    stop();
    expect(sent.at(-1)).toEqual([{ movieId: 9, episode: 2, position: 9.5, playing: false, durationS: 28.08 }, true]);
  });

  it('a player paused and then moved says where it is on leaving; one not moved says nothing more', () => {
    const player = fakePlayer();
    const beats: Heartbeat[] = [];
    const stop = startWatchHeartbeat(player as unknown as HeartbeatPlayer, { movieId: 4, episode: 1 }, (beat) =>
      beats.push(beat),
    );
    player.emit('playing');
    player.currentTime = 5;
    player.emit('pause');
    player.currentTime = 17; // a seek while paused
    stop();
    expect(beats.map((beat) => [beat.position, beat.playing])).toEqual([
      [0, true],
      [5, false],
      [17, false],
    ]);
  });
});
