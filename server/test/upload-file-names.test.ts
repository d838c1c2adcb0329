/**
 * The original names of uploads, as kept (contract/file-name.ts): members' resumable uploads
 * (/file/chunk/check) and the console's video uploads (/admin-api/uploads/check) keep a name
 * without its bidi controls and other invisible format characters, so it reads as what it is; a
 * name of nothing else is refused, naming fileName.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminError } from '../../contract/admin/session.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { signInOperator, type SignedInOperator } from './admin-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import { uploadClient } from './upload-fixture.ts';

/** A name that shows as "invoiceexe.png" with its right-to-left override, but is an .exe. */
const SPOOFED = 'invoice\u202Egnp.exe';
const INVISIBLES = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
  '\u200B',
  '\uFEFF',
  '\u2060',
];

describe.each(DB_KINDS)('upload file names on %s', (kind) => {
  let h: Harness;
  let ops: SignedInOperator;
  beforeAll(async () => {
    h = await createHarness(kind);
    ops = await signInOperator(h, { role: 'ops' });
  });
  afterAll(() => h?.close());

  it('a member’s upload keeps its name without bidi controls or invisible characters', async () => {
    const up = uploadClient(h.client);
    const { token } = await h.client.registerGuest();
    const names = [SPOOFED, `a${INVISIBLES.join('')}b.png`];
    for (const [i, fileName] of names.entries()) {
      const data = Buffer.from(`image ${i}`);
      expect((await up.check(token, { data, fileName, mime: 'image/png' })).code).toBe(Code.Ok);
    }
    const kept = await h.db.query<{ fileName: string }>(
      'SELECT file_name AS "fileName" FROM chunk_uploads ORDER BY id',
    );
    expect(kept.map((row) => row.fileName)).toEqual(['invoicegnp.exe', 'ab.png']);
    const blank = await up.check(token, { data: Buffer.from('x'), fileName: '\u202E\u200B', mime: 'image/png' });
    expect(blank).toMatchObject({ code: Code.InvalidParams, msg: '参数错误：fileName 不能为空' });
  });

  it('a console upload keeps its name without them too', async () => {
    const check = (fileId: string, fileName: string) =>
      ops.call('POST', '/admin-api/uploads/check', {
        fileId,
        fileName,
        fileSize: 100_000,
        chunkSize: 65_536,
        chunkCount: 2,
        mime: 'video/mp4',
      });
    const res = await check('c'.repeat(32), SPOOFED.replace('gnp.exe', '4pm.exe'));
    expect(res.statusCode, res.body).toBe(200);
    const kept = await h.db.one<{ fileName: string }>(
      'SELECT file_name AS "fileName" FROM console_uploads WHERE file_id = $1',
      ['c'.repeat(32)],
    );
    expect(kept!.fileName).toBe('invoice4pm.exe');
    const blank = await check('d'.repeat(32), INVISIBLES.join(''));
    expect(blank.statusCode).toBe(400);
    expect(blank.json<AdminError>()).toEqual({ message: 'fileName 不能为空', field: 'fileName' });
  });
});
