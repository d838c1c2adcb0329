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
    startWatchHeartbeat(player as unknown as HeartbeatPlayer, 7, (beat) => beats.push(beat));
    player.emit('playing');
    player.currentTime = 15.4;
    vi.advanceTimersByTime(HEARTBEAT_EVERY_MS);
    player.currentTime = 30;
    vi.advanceTimersByTime(HEARTBEAT_EVERY_MS);
    player.currentTime = 31;
    player.emit('pause');
    vi.advanceTimersByTime(HEARTBEAT_EVERY_MS * 3); // paused: no beats
    expect(beats).toEqual([
      { movieId: 7, position: 0, playing: true },
      { movieId: 7, position: 15.4, playing: true },
      { movieId: 7, position: 30, playing: true },
      { movieId: 7, position: 31, playing: false },
    ]);
  });

  it('a resume after buffering restarts the interval instead of adding a second one', () => {
    const player = fakePlayer();
    const beats: Heartbeat[] = [];
    startWatchHeartbeat(player as unknown as HeartbeatPlayer, 1, (beat) => beats.push(beat));
    player.emit('playing');
    vi.advanceTimersByTime(5_000);
    player.emit('playing'); // after a stall
    vi.advanceTimersByTime(HEARTBEAT_EVERY_MS);
    expect(beats.map((beat) => beat.playing)).toEqual([true, true, true]);
  });

  it('says "not playing" when the player goes away while playing, and nothing more after', () => {
    const player = fakePlayer();
    const beats: Heartbeat[] = [];
    const stop = startWatchHeartbeat(player as unknown as HeartbeatPlayer, 3, (beat) => beats.push(beat));
    player.emit('playing');
    stop();
    vi.advanceTimersByTime(HEARTBEAT_EVERY_MS * 2);
    player.emit('playing');
    expect(beats.map((beat) => beat.playing)).toEqual([true, false]);
  });

  it('sends nothing on leaving a player that never played, and at most one "not playing" at the end', () => {
    const player = fakePlayer();
    const beats: Heartbeat[] = [];
    const stop = startWatchHeartbeat(player as unknown as HeartbeatPlayer, 3, (beat) => beats.push(beat));
    stop();
    expect(beats).toEqual([]);
    const again = startWatchHeartbeat(player as unknown as HeartbeatPlayer, 3, (beat) => beats.push(beat));
    player.emit('playing');
    player.emit('ended');
    again();
    expect(beats.map((beat) => beat.playing)).toEqual([true, false]);
  });

  it('says "not playing" with the position when the page goes away while playing (pagehide), once', () => {
    const player = fakePlayer();
    const page = new EventTarget();
    const beats: Heartbeat[] = [];
    const stop = startWatchHeartbeat(player as unknown as HeartbeatPlayer, 5, (beat) => beats.push(beat), page);
    player.emit('playing');
    player.currentTime = 12.5;
    vi.advanceTimersByTime(12_500);
    page.dispatchEvent(new Event('pagehide')); // the tab closes: no pause event, no cleanup
    vi.advanceTimersByTime(HEARTBEAT_EVERY_MS * 2);
    stop();
    page.dispatchEvent(new Event('pagehide'));
    expect(beats).toEqual([
      { movieId: 5, position: 0, playing: true },
      { movieId: 5, position: 12.5, playing: false },
    ]);
  });
});
