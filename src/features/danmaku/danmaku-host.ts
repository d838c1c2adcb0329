/**
 * Where the danmaku are drawn: in a worker on an OffscreenCanvas (transferControlToOffscreen) where
 * the browser has both, else by the same renderer on the main thread. The overlay talks to either
 * through `send` and hears what is drawn through `report`.
 */
import { startRenderer, type FromRenderer, type ToRenderer } from './danmaku-runner.ts';

export interface DanmakuHost {
  /** 'worker': off the main thread; 'main': a requestAnimationFrame loop of the page. */
  readonly mode: 'worker' | 'main';
  send(message: ToRenderer): void;
  destroy(): void;
}

function inWorker(canvas: HTMLCanvasElement, report: (message: FromRenderer) => void): DanmakuHost | null {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return null;
  if (typeof canvas.transferControlToOffscreen !== 'function') return null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./danmaku-worker.ts', import.meta.url), { type: 'module', name: 'danmaku' });
  } catch {
    return null;
  }
  const offscreen = canvas.transferControlToOffscreen();
  worker.addEventListener('message', (event: MessageEvent<FromRenderer>) => report(event.data));
  worker.postMessage({ type: 'canvas', canvas: offscreen }, [offscreen]);
  return {
    mode: 'worker',
    send: (message) => worker.postMessage(message),
    destroy: () => worker.terminate(),
  };
}

function onMainThread(canvas: HTMLCanvasElement, report: (message: FromRenderer) => void): DanmakuHost {
  const surface = (width: number, height: number) => {
    const sprite = document.createElement('canvas');
    sprite.width = width;
    sprite.height = height;
    return sprite;
  };
  const renderer = startRenderer(canvas, surface, report);
  return { mode: 'main', send: (message) => renderer.receive(message), destroy: () => renderer.stop() };
}

export function startHost(canvas: HTMLCanvasElement, report: (message: FromRenderer) => void): DanmakuHost {
  return inWorker(canvas, report) ?? onMainThread(canvas, report);
}
