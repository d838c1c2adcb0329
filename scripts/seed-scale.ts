/**
 * `npm run seed:scale -- --factor N [--database postgres://…] [--media]`: fills a database with N
 * times the demo's content (server/seed/scale/). Without --database it uses DATABASE_URL, else
 * PGlite in DATA_DIR. Never point it at a database the tests use.
 */
import { parseArgs } from 'node:util';
import { prepareScaleDb } from '../server/seed/scale/prepare-scale.ts';

const { values } = parseArgs({
  options: {
    factor: { type: 'string', default: '10' },
    database: { type: 'string' },
    media: { type: 'boolean', default: false },
  },
});
const factor = Number(values.factor);
const databaseUrl = values.database ?? (process.env.DATABASE_URL || undefined);
const stamp = () => new Date().toISOString().slice(11, 19);
console.log(`seed:scale factor ${factor} into ${databaseUrl ?? 'PGlite (DATA_DIR)'}`);
const { db, report } = await prepareScaleDb({
  factor,
  databaseUrl,
  media: values.media,
  log: (line) => console.log(`${stamp()} ${line}`),
});
await db.close();
console.log(
  `${report.outcome} factor ${report.factor} in ${report.seconds.toFixed(0)} s:`,
  Object.entries(report.rows)
    .map(([table, n]) => `${n.toLocaleString('en')} ${table}`)
    .join(', '),
  report.rebuilt.length > 0 ? `(rebuilt: ${report.rebuilt.join(', ')})` : '',
);
