/**
 * Part of `npm run lint`: fails on any import circle of the tree, type-only imports included
 * (scripts/lint/import-graph.ts). ESLint's import rules check the arrows and the value circles.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { importCircles, importGraph } from './import-graph.ts';

const root = process.cwd();
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && existsSync(file));
const circles = importCircles(importGraph(root, files));
for (const circle of circles) console.error(`import circle: ${circle.join(' → ')}`);
if (circles.length > 0) {
  console.error(`${circles.length} import circle(s); docs/architecture.md says how to break one`);
  process.exit(1);
}
console.log(`no import circle in ${files.length} files`);
