/** The package ships no types of its own for its light build (hls-library.ts): those of the full one. */
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
