/**
 * The app's own routes, read from fastify's printed route tree, for the tests that walk every route
 * of a tier (server/test/input-text.test.ts, the console's fuzz in fuzz/admin-api.fuzz.test.ts).
 */
import type { FastifyInstance } from 'fastify';

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
}

/** Every route of the app under `prefix`, from fastify's printed route tree (one method each, HEAD left out). */
export function routesOf(app: FastifyInstance, prefix: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const parts = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!parts) continue;
    const depth = parts[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + parts[2]!;
    stack.length = depth;
    stack.push(path);
    if (!path.startsWith(prefix)) continue;
    for (const method of parts[3]?.split(', ') ?? [])
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method: method as Route['method'], path });
  }
  return routes;
}

export const paramsOf = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
export const withParams = (path: string, value: (name: string) => string): string =>
  path.replace(/:(\w+)/g, (_, name: string) => value(name));
