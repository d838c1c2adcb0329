/**
 * The danmaku worker: draws on the OffscreenCanvas the overlay transferred to it, off the main
 * thread. The first message carries the canvas; every later one goes to the renderer.
 */
import { startRenderer, type FromRenderer, type Renderer, type ToRenderer } from './danmaku-runner.ts';

type WorkerMessage = { type: 'canvas'; canvas: OffscreenCanvas } | ToRenderer;

const scope = self as unknown as {
  postMessage(message: FromRenderer): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<WorkerMessage>) => void): void;
};

let renderer: Renderer | null = null;
const early: ToRenderer[] = [];

scope.addEventListener('message', ({ data }) => {
  if (data.type === 'canvas') {
    renderer = startRenderer(
      data.canvas,
      (width, height) => new OffscreenCanvas(width, height),
      (message) => scope.postMessage(message),
    );
    for (const message of early.splice(0)) renderer.receive(message);
  } else if (renderer) renderer.receive(data);
  else early.push(data);
});
