import { describe, expect, it } from 'vitest';
import { VIDEO_MAX_BYTES } from '../../../contract/calls/publish-limits.ts';
import {
  checkRows,
  chineseNumeral,
  episodeNumberOf,
  planBatch,
  refusalOf,
  tasksOf,
  uploadNameOf,
  type BatchFileLike,
  type ExistingEpisode,
} from './batch-plan.ts';

const video = (name: string, size = 1000): BatchFileLike => ({ name, type: '', size });
const episode = (id: number, number: number, hasVideo = true): ExistingEpisode => ({
  id,
  number,
  title: `旧${number}`,
  hasVideo,
  state: hasVideo ? 'ready' : 'waiting',
});

describe('episodeNumberOf', () => {
  it.each([
    ['第01集.mp4', 1],
    ['某剧 第 12 集.mkv', 12],
    ['第3话.webm', 3],
    ['综艺 第7期 上.mp4', 7],
    ['第十二集.mp4', 12],
    ['第一百零五话.mp4', 105],
    ['第二十集.mp4', 20],
    ['EP02.mkv', 2],
    ['ep.5.mp4', 5],
    ['Show.E05.1080p.mp4', 5],
    ['Episode 7.mov', 7],
    ['S01E03.mp4', 3],
    ['Show.S02.E11.720p.x264.mkv', 11],
    ['Season 1 Episode 4.mp4', 4],
    ['[字幕组][某剧][03][1080P].mkv', 3],
    ['【某剧】【08v2】.mp4', 8],
    ['03.mp4', 3],
    ['某剧 12.mkv', 12],
    ['某剧-09.mp4', 9],
    ['某剧.2024.10.1080p.WEB-DL.H264.AAC.mp4', 10],
    ['某剧2 01.mp4', 1],
    ['某剧 03 (2).mp4', 3],
    ['第2季 05.mp4', 5],
    ['０４.mp4', 4],
    ['ＥＰ０６.mp4', 6],
  ])('%s → %i', (name, number) => {
    expect(episodeNumberOf(name)).toBe(number);
  });

  it.each([
    ['某剧.mp4'],
    ['1080p.mp4'],
    ['某剧.1080p.x264.mp4'],
    ['某剧 2024.mp4'],
    ['某剧 [2024].mp4'],
    ['Movie.H.265.DDP5.1.mp4'],
    ['4K.HDR.10bit.mkv'],
    ['1920x1080.mp4'],
    ['录屏 2024-03-05.mp4'],
    ['某剧 第2季.mp4'],
    ['EP00.mp4'],
    ['第0集.mp4'],
    ['123456.mp4'],
    ['HEVC.WEB-DL.mp4'],
  ])('%s has no episode number', (name) => {
    expect(episodeNumberOf(name)).toBeNull();
  });

  it('reads a name without its folders, bidi marks and zero widths', () => {
    expect(episodeNumberOf('C:\\剧集\\第99集\\第04集.mp4')).toBe(4);
    expect(episodeNumberOf('季/EP08/第05集.mp4')).toBe(5);
    expect(episodeNumberOf('\u202e第\u200b06集\u202c.mp4')).toBe(6);
    expect(episodeNumberOf('\u200fEP\u200e07.mp4')).toBe(7);
    // "…\u202E4pm.exe" shows as "…exe.mp4": it is read, and refused, as what it is.
    expect(refusalOf({ name: 'EP01\u202e4pm.exe', type: '', size: 10 })).toBe('notVideo');
  });

  it('reads a very long name at both ends, in linear time', () => {
    const long = `${'很长的名字'.repeat(20_000)} 第08集.mp4`;
    const hostile = `${'第 '.repeat(50_000)}${'e-'.repeat(50_000)}.mp4`;
    const started = performance.now();
    expect(episodeNumberOf(long)).toBe(8);
    expect(episodeNumberOf(hostile)).toBeNull();
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('reads Chinese numerals', () => {
    expect(chineseNumeral('十')).toBe(10);
    expect(chineseNumeral('十五')).toBe(15);
    expect(chineseNumeral('两百')).toBe(200);
    expect(chineseNumeral('三千零一')).toBe(3001);
    expect(chineseNumeral('零')).toBeNull();
    expect(chineseNumeral('十a')).toBeNull();
  });
});

describe('refusalOf', () => {
  it('takes videos by type or extension, and says why a file is refused', () => {
    expect(refusalOf({ name: 'a.mp4', type: 'video/mp4', size: 1 })).toBeNull();
    expect(refusalOf({ name: 'a.MKV', type: '', size: 1 })).toBeNull();
    expect(refusalOf({ name: 'a.mkv', type: 'application/octet-stream', size: 1 })).toBeNull();
    expect(refusalOf({ name: 'clip', type: 'video/webm', size: 1 })).toBeNull();
    expect(refusalOf({ name: '说明.txt', type: 'text/plain', size: 10 })).toBe('notVideo');
    expect(refusalOf({ name: '封面.mp4', type: 'image/png', size: 10 })).toBe('notVideo');
    expect(refusalOf({ name: 'README', type: '', size: 10 })).toBe('notVideo');
    expect(refusalOf({ name: '第01集.avi', type: 'video/x-msvideo', size: 10 })).toBe('format');
    expect(refusalOf({ name: '第01集.rmvb', type: '', size: 10 })).toBe('format');
    expect(refusalOf({ name: 'a.mp4', type: 'video/mp4', size: 0 })).toBe('empty');
    expect(refusalOf({ name: 'a.mp4', type: 'video/mp4', size: VIDEO_MAX_BYTES + 1 })).toBe('tooLarge');
  });
});

describe('uploadNameOf', () => {
  it('sends a name the server keeps', () => {
    expect(uploadNameOf('a/b\\第01集.mp4')).toBe('第01集.mp4');
    expect(uploadNameOf('EP01..final.mp4')).toBe('EP01.final.mp4');
    expect(uploadNameOf('\u202eEP01\u0007.mp4')).toBe('EP01.mp4');
    expect(uploadNameOf('..')).toBe('video');
    const long = uploadNameOf(`${'😀'.repeat(300)}.mp4`);
    expect(Array.from(long)).toHaveLength(200);
    expect(long.isWellFormed()).toBe(true);
  });
});

describe('planBatch', () => {
  // Name order is a Chinese file manager's: Han by pinyin (第 di, 花 hua, 另 ling), then Latin, numbers naturally.
  it('numbers files by their names in natural order, ties and number-less names after, in name order', () => {
    const files = [
      video('EP10.mp4'),
      video('花絮.mp4'),
      video('第02集.mp4'),
      video('EP02 重制.mp4'),
      video('说明.txt'),
      video('S01E01.mkv'),
      video('另一个花絮.mp4'),
    ];
    files[4] = { name: '说明.txt', type: 'text/plain', size: 5 };
    const plan = planBatch(files, []);
    expect(plan.refused).toEqual([{ key: 4, name: '说明.txt', reason: 'notVideo' }]);
    expect(plan.rows.map((row) => [row.name, row.number, row.note])).toEqual([
      ['S01E01.mkv', '1', null],
      ['第02集.mp4', '2', null],
      ['EP10.mp4', '10', null],
      ['花絮.mp4', '11', 'noNumber'],
      ['另一个花絮.mp4', '12', 'noNumber'],
      ['EP02 重制.mp4', '13', 'duplicate'],
    ]);
  });

  it('appends number-less files after the title’s last episode', () => {
    const plan = planBatch([video('b.mp4'), video('a.mp4'), video('a10.mp4'), video('a2.mp4')], [episode(1, 5)]);
    expect(plan.rows.map((row) => [row.name, row.number])).toEqual([
      ['a.mp4', '6'],
      ['a2.mp4', '7'],
      ['a10.mp4', '8'],
      ['b.mp4', '9'],
    ]);
  });

  it('shows names without folders or marks', () => {
    const plan = planBatch([video('dir/sub\\\u202e第01集.mp4')], []);
    expect(plan.rows[0]!.name).toBe('第01集.mp4');
  });
});

describe('checkRows and tasksOf', () => {
  const existing = [episode(11, 1), episode(12, 2, false), { ...episode(13, 3, false), state: 'processing' as const }];

  it('flags episodes with a video (or one being made): skipped by default, replaced when chosen', () => {
    const { rows } = planBatch([video('01.mp4'), video('02.mp4'), video('03.mp4'), video('04.mp4')], existing);
    const checks = checkRows(rows, existing);
    expect(checks.map((check) => [check.conflict, check.action])).toEqual([
      [true, 'skip'],
      [false, 'attach'],
      [true, 'skip'],
      [false, 'create'],
    ]);
    expect(tasksOf(rows, checks)!.map((task) => [task.number, task.episodeId])).toEqual([
      [2, 12],
      [4, null],
    ]);
    rows[0]!.replace = true;
    expect(tasksOf(rows, checkRows(rows, existing))!.map((task) => [task.number, task.episodeId])).toEqual([
      [1, 11],
      [2, 12],
      [4, null],
    ]);
  });

  it('holds the batch while a number is not one or two files share one', () => {
    const { rows } = planBatch([video('05.mp4'), video('06.mp4')], []);
    rows[1]!.number = '5';
    const checks = checkRows(rows, []);
    expect(checks.map((check) => check.problem)).toEqual(['duplicate', 'duplicate']);
    expect(tasksOf(rows, checks)).toBeNull();
    for (const bad of ['', '0', '1.5', '-1', '10000', 'abc']) {
      rows[1]!.number = bad;
      expect(checkRows(rows, [])[1]!.problem).toBe('badNumber');
    }
    rows[1]!.number = '７';
    rows[1]!.title = `  ${'长'.repeat(150)}  `;
    const tasks = tasksOf(rows, checkRows(rows, []))!;
    expect(tasks.map((task) => task.number)).toEqual([5, 7]);
    expect(tasks[1]!.title).toHaveLength(100);
  });
});
