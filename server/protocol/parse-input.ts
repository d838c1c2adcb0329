/**
 * Request input checks: JSON parsing, text no input may carry (also read by the console's API,
 * admin/admin-plugin.ts) and schema validation, each failure code 2 with a zh-CN msg naming the
 * field. zod issues without a message of their own get one from zhErrorMap; contract schemas may set
 * theirs (e.g. "account 必须是 6-12 位字母、数字或下划线"), which win.
 */
import type { z } from 'zod';
import { isSingleLineText, isStorableText } from '../../contract/calls/publish-limits.ts';
import { invalidParams } from '../api-error.ts';

const TYPE_NAMES: Record<string, string> = {
  string: '字符串',
  number: '数字',
  int: '整数',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  bigint: '整数',
  null: 'null',
};

const fieldOf = (path: readonly PropertyKey[] | undefined): string =>
  path && path.length > 0 ? path.map(String).join('.') : '请求体';

/** "deviceId 格式不正确", "请求体必须是对象": a space only after a Latin field name. */
const sentence = (field: string, rest: string): string =>
  /[\x21-\x7e]$/.test(field) ? `${field} ${rest}` : field + rest;

export const zhErrorMap: z.core.$ZodErrorMap = (issue) => {
  const field = fieldOf(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `缺少 ${field}`;
      return sentence(field, `必须是${TYPE_NAMES[issue.expected] ?? issue.expected}`);
    case 'too_small':
      return issue.origin === 'string'
        ? sentence(field, `长度不能少于 ${issue.minimum} 个字符`)
        : issue.origin === 'array'
          ? sentence(field, `至少需要 ${issue.minimum} 项`)
          : sentence(field, `不能小于 ${issue.minimum}`);
    case 'too_big':
      return issue.origin === 'string'
        ? sentence(field, `长度不能超过 ${issue.maximum} 个字符`)
        : issue.origin === 'array'
          ? sentence(field, `最多 ${issue.maximum} 项`)
          : sentence(field, `不能大于 ${issue.maximum}`);
    case 'invalid_format':
      return sentence(field, '格式不正确');
    case 'invalid_value':
      return sentence(field, '取值无效');
    case 'unrecognized_keys':
      return `不支持的字段：${issue.keys.join('、')}`;
    default:
      return sentence(field, '无效');
  }
};

/** An issue's message naming its field: a schema's own message that does not ("必须是数字") gets it in front. */
const namedMessage = (issue: z.core.$ZodIssue): string =>
  issue.path.length > 0 && !issue.message.includes(String(issue.path[0]))
    ? sentence(fieldOf(issue.path), issue.message)
    : issue.message;

/** "缺少 deviceId；deviceType 必须为 3": the first few issues, in order, for the envelope's msg. */
export const describeIssues = (error: z.ZodError, max = 3): string =>
  [...new Set(error.issues.slice(0, max).map(namedMessage))].join('；');

/** Where a walk found text no input may carry: its field and what is wrong, as a sentence's end. */
export interface BadText {
  field: string;
  problem: string;
}

/**
 * What is wrong with a string no input may carry: U+0000 (PostgreSQL's text cannot hold it, so a
 * query with one fails) or a lone UTF-16 surrogate (not Unicode: the store would keep U+FFFD in its
 * place); with `singleLine`, also any control character. Null when it is fine.
 */
export function textProblem(text: string, singleLine = false): string | null {
  if (text.includes('\u0000')) return '不能包含空字符 \\u0000';
  if (!isStorableText(text)) return '含有无法保存的字符';
  if (singleLine && !isSingleLineText(text)) return '不能包含换行或控制字符';
  return null;
}

/**
 * The first string or key of `value` that textProblem refuses, named by its top-level field (`field`
 * for the value itself); null when none. Iterative, so any nesting depth is fine; the bytes of files
 * (buffers) are skipped.
 */
export function findBadText(value: unknown, field = '', singleLine = false): BadText | null {
  const stack: [unknown, string][] = [[value, field]];
  while (stack.length > 0) {
    const [item, name] = stack.pop()!;
    if (typeof item === 'string') {
      const problem = textProblem(item, singleLine);
      if (problem) return { field: name, problem };
    } else if (Array.isArray(item)) {
      for (const child of item) stack.push([child, name]);
    } else if (
      item !== null &&
      typeof item === 'object' &&
      !ArrayBuffer.isView(item) &&
      !(item instanceof ArrayBuffer)
    ) {
      for (const [key, child] of Object.entries(item)) stack.push([key, name || key], [child, name || key]);
    }
  }
  return null;
}

/** A payload holding text no input may carry (findBadText) is code 2 naming its top-level field. */
export function refuseBadText(value: unknown): void {
  const bad = findBadText(value);
  if (bad) throw invalidParams(sentence(bad.field || '请求体', bad.problem));
}

/**
 * True when JSON text cannot parse to a value holding what refuseBadText refuses, so the walk has
 * nothing to find: JSON.parse refuses a raw U+0000 in a string, so a NUL can only come from a \u
 * escape, and a lone surrogate either from one or from the text itself (a wrapper's body string
 * may hold one). Text with an escape (or an escaped backslash before a "u") gets the walk, which
 * names the field.
 */
export const jsonWithoutBadText = (text: string): boolean => !text.includes('\\u') && isStorableText(text);

/** JSON.parse that fails with "参数错误：<what> 不是有效的 JSON". */
export function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalidParams(sentence(what, '不是有效的 JSON'));
  }
}

/**
 * The schema's output, or code 2 naming the issues. The zh-CN error map is passed only to describe
 * a failure: a parse with params takes zod off its fast path (about three times the cost of a
 * well-formed payload, checked on every call), and a schema answers the same value either way.
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const described = schema.safeParse(value, { error: zhErrorMap });
  throw invalidParams(described.success ? describeIssues(result.error) : describeIssues(described.error));
}
