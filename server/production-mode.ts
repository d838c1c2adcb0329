/**
 * The server runs its libraries in production mode unless told otherwise (NODE_ENV): React's
 * server renderer of the first paint (server/first-paint) reads NODE_ENV when it is loaded and,
 * without it, loads its development build, several times slower and checking every element. Imported
 * first by server/main.ts, before anything that loads React; `npm run dev` sets "development", the
 * test runners "test".
 */
process.env.NODE_ENV ??= 'production';
