/**
 * The load generator in a process of its own: `node --import tsx bench/server-load-process.ts
 * <baseURL> <seconds> <connections>` runs measureServer and prints its figures as JSON. The bench
 * process has held Lighthouse's traces and a browser by then, and its heap slowed autocannon (which
 * copies every answer's body) on the core it shares with the server: the list call, with answers
 * 30 times the bare route's, measured 49-53 % of the bare route after those stages and 62-72 % in a
 * fresh process.
 */
import { measureServer } from './server-load.ts';

const [baseURL, seconds, connections] = process.argv.slice(2);
if (!baseURL) throw new Error('usage: server-load-process.ts <baseURL> <seconds> <connections>');
const figures = await measureServer(baseURL, { duration: Number(seconds), connections: Number(connections) });
process.stdout.write(`${JSON.stringify(figures)}\n`);
