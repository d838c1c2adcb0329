/**
 * Lets Node import the app's components for the first paint (render.tsx): their stylesheet imports
 * become empty modules (Vite bundles the CSS for the browser; the page links it). Imported first by
 * server/main.ts; under Vitest, Vite itself does the same.
 */
import { register } from 'node:module';

const hooks = `export async function load(url, context, next) {
  return url.endsWith('.css') ? { format: 'module', source: '', shortCircuit: true } : next(url, context);
}`;

register(`data:text/javascript,${encodeURIComponent(hooks)}`);
