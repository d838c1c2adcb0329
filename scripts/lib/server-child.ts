/**
 * The server as a child process, as `npm start` runs it (its bundle: scripts/lib/server-bundle.ts)
 * on 127.0.0.1 and a port of the caller's: the browser suite's and the bench's servers
 * (e2e/server-process.ts) and the scale and crash tests' (server/test/scale/server-process.ts).
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { bundledServer } from './server-bundle.ts';

/** Whether a server answers at `baseURL` now. */
export async function answers(baseURL: string): Promise<boolean> {
  try {
    return (await fetch(`${baseURL}/api/fetch-data`)).ok;
  } catch {
    return false;
  }
}

export interface ServerChild {
  child: ChildProcess;
  baseURL: string;
  /**
   * Settles once the server answers; rejects when it exits first or outlasts `timeoutMs` (then
   * killed), the error ending with `where()`: its log, or where that is.
   */
  ready: Promise<void>;
}

/** Starts the server with exactly `env` (HOST and PORT set here). */
export function launchServer(
  port: number,
  env: NodeJS.ProcessEnv,
  stdio: StdioOptions,
  { timeoutMs, where }: { timeoutMs: number; where: () => string },
): ServerChild {
  const child = spawn(process.execPath, [bundledServer()], {
    env: { ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio,
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}; ${where()}`);
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`server did not answer within ${timeoutMs} ms; ${where()}`);
      }
      if (await answers(baseURL)) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return { child, baseURL, ready };
}
