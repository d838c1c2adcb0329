/**
 * For the tests of requests the server makes on an operator's or a member's word: a plain HTTP
 * server on 127.0.0.1 that records every request it gets (so a test can show that none came) and
 * answers from a table of paths (a status and headers, e.g. a redirect; 200 by default), and a
 * name resolver that answers from a table and knows no other name, so no test asks a real DNS.
 */
import { createServer, type IncomingHttpHeaders, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NameResolver } from '../net/outbound.ts';

export interface Answer {
  status: number;
  headers?: OutgoingHttpHeaders;
  body?: string | Buffer;
  /** Wait this long before answering. */
  delayMs?: number;
}

export class RecordingServer {
  /** "METHOD /path" of every request, in order. */
  readonly hits: string[] = [];
  /** The headers of every request, in order. */
  readonly headers: IncomingHttpHeaders[] = [];
  private readonly answers = new Map<string, Answer>();
  private readonly server: Server = createServer((req, res) => {
    this.hits.push(`${req.method} ${req.url}`);
    this.headers.push(req.headers);
    const answer = this.answers.get(req.url ?? '') ?? { status: 200, body: 'ok' };
    const send = () => res.writeHead(answer.status, answer.headers).end(answer.body ?? '');
    if (answer.delayMs) setTimeout(send, answer.delayMs);
    else send();
  });
  port = 0;

  static async start(): Promise<RecordingServer> {
    const recorder = new RecordingServer();
    await new Promise<void>((resolve) => recorder.server.listen(0, '127.0.0.1', resolve));
    recorder.port = (recorder.server.address() as AddressInfo).port;
    return recorder;
  }

  /** http://127.0.0.1:<port> */
  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** What a request for `path` (with its query) is answered. */
  answer(path: string, answer: Answer): void {
    this.answers.set(path, answer);
  }

  /** The requests whose path starts with `prefix`. */
  hitsUnder(prefix: string): string[] {
    return this.hits.filter((hit) => hit.split(' ')[1]!.startsWith(prefix));
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A resolver answering `names` (a name → its addresses) and ENOTFOUND for any other name. */
export function stubResolver(names: Record<string, string[]> = {}): NameResolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string) => {
    asked.push(hostname);
    const addresses = names[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }));
  };
  return Object.assign(resolve, { asked });
}
