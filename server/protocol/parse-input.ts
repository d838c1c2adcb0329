/**
 * Request input checks: JSON parsing and schema validation, each failure code 2 with a zh-CN msg
 * naming the field. zod issues without a message of their own get one from zhErrorMap; contract
 * schemas may set theirs (e.g. "account 必须是 6-12 位字母、数字或下划线"), which win.
 */
import type { z } from 'zod';
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

/**
 * PostgreSQL text cannot hold U+0000: a payload string (or key) with one is code 2 naming its
 * top-level field, before it reaches a query. Iterative, so any nesting depth is fine; files skipped.
 */
export function refuseNul(value: unknown): void {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [item, field] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) throw invalidParams(sentence(field || '请求体', '不能包含空字符 \\u0000'));
    } else if (Array.isArray(item)) {
      for (const child of item) stack.push([child, field]);
    } else if (item !== null && typeof item === 'object' && !(item instanceof Uint8Array)) {
      for (const [key, child] of Object.entries(item)) stack.push([key, field || key], [child, field || key]);
    }
  }
}

/**
 * True when JSON text cannot parse to a value holding U+0000, so refuseNul has nothing to find:
 * JSON has no raw control characters in strings (JSON.parse refuses them), so a NUL in a parsed
 * string or key can only come from the escape \u0000, and text without that escape has none. Text
 * with it (or with an escaped backslash before "u0000") still gets the walk, which names the field.
 */
export const jsonWithoutNul = (text: string): boolean => !text.includes('\\u0000');

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
