/**
 * A strict parser of the Prometheus text exposition format (version 0.0.4), for tests of /metrics:
 * it throws on anything a Prometheus server would refuse or misread, rather than skipping it.
 * - `# HELP name text` and `# TYPE name counter|gauge|histogram|summary|untyped`, at most once
 *   each per family, before the family's samples; other `#` lines are comments.
 * - Sample lines `name{label="value",...} value [timestamp]`: valid metric and label names, label
 *   values with only the escapes \\ \" \n, a float value (NaN, ±Inf in any case), no label twice.
 * - A family's samples together; a sample's name is its family's (with _bucket/_sum/_count for a
 *   histogram, _sum/_count for a summary); no series twice.
 * - A histogram's buckets have `le`, rise with it, end at +Inf, and the +Inf bucket equals _count.
 */

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  help?: string;
  type: MetricType;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set<MetricType>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<MetricType, readonly string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

/** A float as Prometheus reads it (Go's ParseFloat: NaN and Inf in any case; prom-client writes "Nan"). */
function parseValue(text: string, line: number): number {
  if (/^nan$/i.test(text)) return NaN;
  const inf = /^([-+]?)inf(inity)?$/i.exec(text);
  if (inf) return inf[1] === '-' ? -Infinity : Infinity;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`line ${line}: bad value "${text}"`);
  return Number(text);
}

/** `{a="1",b="2"}` from `at` (the `{`); answers the labels and the index after the `}`. */
function parseLabels(text: string, at: number, line: number): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = at + 1;
  const fail = (why: string): never => {
    throw new Error(`line ${line}: ${why} in "${text}"`);
  };
  while (text[i] !== '}') {
    const nameEnd = text.indexOf('=', i);
    if (nameEnd < 0) fail('label without =');
    const name = text.slice(i, nameEnd);
    if (!LABEL_NAME.test(name)) fail(`bad label name "${name}"`);
    if (name in labels) fail(`label ${name} twice`);
    if (text[nameEnd + 1] !== '"') fail('label value not quoted');
    let value = '';
    let j = nameEnd + 2;
    for (;;) {
      const c = text[j];
      if (c === undefined) fail('unterminated label value');
      if (c === '"') break;
      if (c === '\\') {
        const next = text[j + 1];
        if (next === '\\' || next === '"') value += next;
        else if (next === 'n') value += '\n';
        else fail(`bad escape \\${next ?? ''}`);
        j += 2;
        continue;
      }
      if (c === '\n') fail('newline in label value');
      value += c;
      j += 1;
    }
    labels[name] = value;
    i = j + 1;
    if (text[i] === ',') i += 1;
    else if (text[i] !== '}') fail('expected , or }');
  }
  return { labels, end: i + 1 };
}

function parseSample(text: string, line: number): Sample {
  const nameEnd = text.search(/[{ ]/);
  if (nameEnd <= 0) throw new Error(`line ${line}: no value in "${text}"`);
  const name = text.slice(0, nameEnd);
  if (!METRIC_NAME.test(name)) throw new Error(`line ${line}: bad metric name "${name}"`);
  let labels: Record<string, string> = {};
  let rest = text.slice(nameEnd);
  if (rest.startsWith('{')) {
    const parsed = parseLabels(text, nameEnd, line);
    labels = parsed.labels;
    rest = text.slice(parsed.end);
  }
  const parts = rest.trim().split(/ +/);
  if (!rest.startsWith(' ') || parts.length < 1 || parts.length > 2) {
    throw new Error(`line ${line}: expected "value [timestamp]" after the name in "${text}"`);
  }
  if (parts[1] !== undefined && !/^-?\d+$/.test(parts[1])) throw new Error(`line ${line}: bad timestamp "${parts[1]}"`);
  return { name, labels, value: parseValue(parts[0]!, line) };
}

const seriesKey = (sample: Sample): string =>
  `${sample.name}{${Object.entries(sample.labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(',')}}`;

/** The families of an exposition, by name; throws naming the first line that breaks the format. */
export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const closed = new Set<string>();
  const seen = new Set<string>();
  const typed = new Set<string>();
  let current: Family | undefined;
  const family = (name: string): Family => {
    let found = families.get(name);
    if (!found) {
      found = { name, type: 'untyped', samples: [] };
      families.set(name, found);
    }
    return found;
  };
  const open = (name: string, line: number): Family => {
    if (current && current.name !== name) closed.add(current.name);
    if (closed.has(name)) throw new Error(`line ${line}: family ${name} is not together`);
    current = family(name);
    return current;
  };
  if (text !== '' && !text.endsWith('\n')) throw new Error('the exposition does not end with a newline');
  const lines = text.split('\n');
  lines.pop();
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const meta = /^# (HELP|TYPE) (\S+)(?: (.*))?$/.exec(raw);
    if (meta) {
      const [, kind, name, rest = ''] = meta as unknown as [string, 'HELP' | 'TYPE', string, string?];
      if (!METRIC_NAME.test(name)) throw new Error(`line ${line}: bad metric name "${name}"`);
      const f = open(name, line);
      if (kind === 'HELP') {
        if (f.help !== undefined) throw new Error(`line ${line}: second HELP for ${name}`);
        f.help = rest;
      } else {
        if (!TYPES.has(rest as MetricType)) throw new Error(`line ${line}: bad TYPE "${rest}" for ${name}`);
        if (f.samples.length > 0 || typed.has(name)) {
          throw new Error(`line ${line}: TYPE of ${name} after its samples or twice`);
        }
        typed.add(name);
        f.type = rest as MetricType;
      }
      return;
    }
    if (raw.startsWith('#')) return;
    const sample = parseSample(raw, line);
    const owner =
      current && SUFFIXES[current.type].some((suffix) => sample.name === current!.name + suffix) ? current : undefined;
    const f = owner ?? open(sample.name, line);
    if (!SUFFIXES[f.type].some((suffix) => sample.name === f.name + suffix)) {
      throw new Error(`line ${line}: sample ${sample.name} does not belong to ${f.type} ${f.name}`);
    }
    const key = seriesKey(sample);
    if (seen.has(key)) throw new Error(`line ${line}: series ${key} twice`);
    seen.add(key);
    f.samples.push(sample);
  });
  for (const f of families.values()) if (f.type === 'histogram') checkHistogram(f);
  return families;
}

function checkHistogram(f: Family): void {
  const groups = new Map<string, { buckets: [number, number][]; count?: number }>();
  for (const sample of f.samples) {
    const { le, ...rest } = sample.labels;
    const key = JSON.stringify(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b)));
    const group = groups.get(key) ?? { buckets: [] };
    groups.set(key, group);
    if (sample.name.endsWith('_bucket')) {
      if (le === undefined) throw new Error(`${f.name}: a bucket without le`);
      group.buckets.push([parseValue(le, 0), sample.value]);
    } else if (sample.name.endsWith('_count')) {
      group.count = sample.value;
    }
  }
  for (const [key, { buckets, count }] of groups) {
    const last = buckets.at(-1);
    if (!last || last[0] !== Infinity) throw new Error(`${f.name} ${key}: no +Inf bucket`);
    buckets.forEach(([le, value], i) => {
      if (i > 0 && (le <= buckets[i - 1]![0] || value < buckets[i - 1]![1])) {
        throw new Error(`${f.name} ${key}: buckets do not rise with le`);
      }
    });
    if (count !== last[1]) throw new Error(`${f.name} ${key}: +Inf bucket ${last[1]} is not _count ${count}`);
  }
}

/**
 * The value of the one sample named `name` whose labels include `labels`; 0 when none (a counter
 * not yet incremented has no series); throws when several match.
 */
export function sampleValue(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  const matches = [...families.values()]
    .flatMap((f) => f.samples)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (matches.length > 1) throw new Error(`${matches.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return matches[0]?.value ?? 0;
}
