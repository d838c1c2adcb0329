/**
 * The payload of an upload call: the multipart/form-data fields as strings and the files as
 * buffers, read with @fastify/multipart under tight limits (one file of at most maxBytes, a few
 * short fields). Anything wrong with the body (not multipart, truncated, too large, too many
 * parts) is code 2 with a msg saying what; the call's schema then checks the fields.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { invalidParams } from '../api-error.ts';

export interface UploadedFile {
  filename: string;
  /** As declared by the client: check the bytes too. */
  mimetype: string;
  data: Buffer;
}

const LIMITS = { files: 1, fields: 10, parts: 11, fieldSize: 1024, fieldNameSize: 64 };

const mib = (bytes: number): string => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

function describe(error: unknown, maxBytes: number): string {
  switch ((error as { code?: unknown } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return `文件不能超过 ${mib(maxBytes)}`;
    case 'FST_FILES_LIMIT':
      return '只能上传一个文件';
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return '表单字段过多';
    default:
      return 'multipart 请求体无效或不完整';
  }
}

const readFile = async (part: MultipartFile): Promise<UploadedFile> => ({
  filename: part.filename,
  mimetype: part.mimetype,
  data: await part.toBuffer(),
});

export async function readMultipart(req: FastifyRequest, maxBytes: number): Promise<Record<string, unknown>> {
  if (!req.isMultipart()) throw invalidParams('请求体必须是 multipart/form-data');
  const payload: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  try {
    for await (const part of req.parts({ limits: { ...LIMITS, fileSize: maxBytes } })) {
      payload[part.fieldname] = part.type === 'file' ? await readFile(part) : String(part.value);
    }
  } catch (error) {
    throw invalidParams(describe(error, maxBytes));
  }
  return { ...payload };
}
