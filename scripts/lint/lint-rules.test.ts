/**
 * The lint rules hold the arrows of docs/architecture.md: scratch files written into the tree, each
 * with one forbidden import, must each fail `eslint` (and the circle check), and a scratch file
 * with only allowed imports must pass. The scratch files are removed afterwards.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { importCircles, importGraph } from './import-graph.ts';

const root = join(import.meta.dirname, '..', '..');
const scratchDirs: string[] = [];

/** Writes `files` (path → text) under a fresh scratch folder inside `parent`; returns their paths. */
function scratch(parent: string, files: Record<string, string>): string[] {
  const dir = join(parent, `lint-scratch-${process.pid}-${scratchDirs.length}`);
  scratchDirs.push(join(root, dir));
  mkdirSync(join(root, dir), { recursive: true });
  return Object.entries(files).map(([name, text]) => {
    writeFileSync(join(root, dir, name), text);
    return join(dir, name);
  });
}

async function ruleIds(files: string[]): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const results = await eslint.lintFiles(files);
  return results.flatMap((result) => result.messages.map((message) => message.ruleId ?? message.message));
}

afterAll(() => {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});

// Each test starts ESLint with its plugins and resolvers: seconds on a loaded machine, not a fault.
describe('the import arrows', { timeout: 60_000 }, () => {
  it.each([
    [
      'contract/ importing the server',
      'contract',
      `import { loadConfig } from '../../server/config.ts';\nexport const x = loadConfig;\n`,
    ],
    [
      'contract/ importing the app',
      'contract',
      `import { formatCount } from '../../src/lib/format.ts';\nexport const x = formatCount;\n`,
    ],
    [
      'the server importing the app',
      'server',
      `import { formatCount } from '../../src/lib/format.ts';\nexport const x = formatCount;\n`,
    ],
    [
      'the service worker importing the app',
      'sw',
      `import { formatCount } from '../../src/lib/format.ts';\nexport const x = formatCount;\n`,
    ],
    [
      'the app importing the server',
      'src',
      `import { loadConfig } from '../../server/config.ts';\nexport const x = loadConfig;\n`,
    ],
    [
      'src/lib importing a store',
      'src/lib',
      `import { userState } from '../../stores/user.ts';\nexport const x = userState;\n`,
    ],
    [
      'src/api importing a store',
      'src/api',
      `import { userState } from '../../stores/user.ts';\nexport const x = userState;\n`,
    ],
    [
      'a component importing a feature',
      'src/components',
      `import { MovieCard } from '../../features/movies/movie-card.tsx';\nexport const x = MovieCard;\n`,
    ],
    [
      'the console importing a feature of the app',
      'admin',
      `import { MovieCard } from '../../src/features/movies/movie-card.tsx';\nexport const x = MovieCard;\n`,
    ],
    [
      'the console importing a store of the app',
      'admin',
      `import { userState } from '../../src/stores/user.ts';\nexport const x = userState;\n`,
    ],
    [
      'the console importing the server',
      'admin',
      `import { loadConfig } from '../../server/config.ts';\nexport const x = loadConfig;\n`,
    ],
    [
      'the app importing the console',
      'src/lib',
      `import { adminMessages } from '../../../admin/admin-messages.ts';\nexport const x = adminMessages;\n`,
    ],
    [
      'the service worker importing the console',
      'sw',
      `import { adminMessages } from '../../admin/admin-messages.ts';\nexport const x = adminMessages;\n`,
    ],
    [
      'the server importing the console',
      'server',
      `import { adminMessages } from '../../admin/admin-messages.ts';\nexport const x = adminMessages;\n`,
    ],
    [
      'contract/ importing the console',
      'contract',
      `import { adminMessages } from '../../admin/admin-messages.ts';\nexport const x = adminMessages;\n`,
    ],
    [
      'a feature importing a route',
      'src/features',
      `import Home from '../../routes/home.tsx';\nexport const x = Home;\n`,
    ],
  ])('fails on %s', async (_, parent, text) => {
    const [file] = scratch(parent, { 'bad.ts': text });
    expect(await ruleIds([file!])).toContain('import-x/no-restricted-paths');
  });

  it('fails on the app taking a value (a zod schema) from a calls module, and passes its types', async () => {
    const [bad, good] = scratch('src/features', {
      'bad.ts': `import { replyCreateSchema } from '../../../contract/calls/community.ts';\nexport const x = replyCreateSchema;\n`,
      'good.ts': `import type { Reply } from '../../../contract/calls/content.ts';\nimport { REPLY_BODY_MAX } from '../../../contract/calls/community-limits.ts';\nexport const x = (r: Reply) => r.body.length <= REPLY_BODY_MAX;\n`,
    });
    expect(await ruleIds([bad!])).toContain('@typescript-eslint/no-restricted-imports');
    expect(await ruleIds([good!])).toEqual([]);
  });

  it('passes a module that imports only downwards', async () => {
    const files = scratch('src/features', {
      'good.ts': `import { formatCount } from '../../lib/format.ts';\nimport { API } from '../../../contract/calls/paths.ts';\nexport const x = [formatCount, API];\n`,
    });
    expect(await ruleIds(files)).toEqual([]);
  });

  it('passes the console importing contract/, src/lib and src/components', async () => {
    const files = scratch('admin', {
      'good.ts': `import { CSRF_HEADER } from '../../contract/admin/session.ts';\nimport { formatCount } from '../../src/lib/format.ts';\nimport { Modal } from '../../src/components/modal.tsx';\nexport const x = [CSRF_HEADER, formatCount, Modal];\n`,
    });
    expect(await ruleIds(files)).toEqual([]);
  });

  it('fails on a circle of value imports', async () => {
    const files = scratch('src/lib', {
      'a.ts': `import { b } from './b.ts';\nexport const a = () => b;\n`,
      'b.ts': `import { a } from './a.ts';\nexport const b = () => a;\n`,
    });
    expect(await ruleIds(files)).toContain('import-x/no-cycle');
  });

  it('the circle check finds a circle of type-only imports, which ESLint lets through', () => {
    const files = scratch('src/lib', {
      'a.ts': `import type { B } from './b.ts';\nexport interface A { b?: B }\n`,
      'b.ts': `import type { A } from './a.ts';\nexport interface B { a?: A }\n`,
    });
    expect(importCircles(importGraph(root, files))).toEqual([[...files].sort()]);
    expect(importCircles(importGraph(root, [files[0]!]))).toEqual([]);
  });
});
