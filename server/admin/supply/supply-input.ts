/**
 * The 资源采集 calls' input (zod): a source (whole for 新增, any part for 编辑), the mapping of its
 * type ids, a run, and the lists' queries. The URL's host is checked by the routes (checkUrl of the
 * outbound guard, which knows the test setting); the category ids by the store.
 */
import { z } from 'zod';
import {
  ITEM_OUTCOMES,
  LAND_AS,
  RUN_IDS_MAX,
  RUN_MODES,
  SOURCE_EVERY_HOURS_MAX,
  SOURCE_FORMATS,
  SOURCE_KEY_MAX,
  SOURCE_NAME_MAX,
  SOURCE_URL_MAX,
} from '../../../contract/admin/supply.ts';
import { supplyMessages as text } from './supply-messages.ts';

const INT_MAX = 2 ** 31 - 1;
const positiveInt = (message: string) =>
  z.coerce.number({ message }).int({ message }).positive({ message }).max(INT_MAX, { message });

const fields = {
  name: z
    .string({ message: text.name })
    .trim()
    .min(1, { message: text.name })
    .max(SOURCE_NAME_MAX, { message: text.name }),
  apiUrl: z
    .string({ message: text.apiUrl })
    .trim()
    .min(1, { message: text.apiUrl })
    .max(SOURCE_URL_MAX, { message: text.apiUrl }),
  format: z.enum(SOURCE_FORMATS, { message: text.format }),
  // Blank: no key. A key is sent as ?key= as it is, so no whitespace inside.
  apiKey: z
    .string({ message: text.apiKey })
    .trim()
    .max(SOURCE_KEY_MAX, { message: text.apiKey })
    .regex(/^\S*$/, { message: text.apiKey })
    .nullable()
    .transform((key) => key || null),
  enabled: z.boolean({ message: text.enabled }),
  landAs: z.enum(LAND_AS, { message: text.landAs }),
  everyHours: z
    .number({ message: text.everyHours })
    .int({ message: text.everyHours })
    .min(1, { message: text.everyHours })
    .max(SOURCE_EVERY_HOURS_MAX, { message: text.everyHours })
    .nullable(),
};

export const sourceCreate = z.object({
  ...fields,
  apiKey: fields.apiKey.default(null),
  enabled: fields.enabled.default(true),
  landAs: fields.landAs.default('draft'),
  everyHours: fields.everyHours.default(null),
});

export const sourceChange = z
  .object(fields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: text.nothingToChange });

export const idParams = z.object({ id: positiveInt(text.id) });

export const mapBody = z.object({
  map: z
    .array(
      z.object({
        typeId: positiveInt(text.typeId),
        typeName: z.string().trim().max(100).default(''),
        categoryId: z
          .number({ message: text.category })
          .int({ message: text.category })
          .positive()
          .max(INT_MAX)
          .nullable(),
      }),
      { message: text.map },
    )
    .max(1000, { message: text.map })
    .refine((map) => new Set(map.map((entry) => entry.typeId)).size === map.length, { message: text.map }),
});

/** A source's vod_id as MacCMS sites write them (numbers, and now and then a slug). */
const VOD_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const runBody = z
  .object({
    mode: z.enum(RUN_MODES, { message: text.mode }),
    ids: z
      .array(z.string({ message: text.ids }).trim().regex(VOD_ID, { message: text.ids }), { message: text.ids })
      .max(RUN_IDS_MAX, { message: text.ids })
      .optional(),
  })
  .superRefine((value, context) => {
    const ids = value.ids ?? [];
    if (value.mode === 'ids' && ids.length === 0)
      context.addIssue({ code: 'custom', path: ['ids'], message: text.ids });
    if (value.mode !== 'ids' && ids.length > 0)
      context.addIssue({ code: 'custom', path: ['ids'], message: text.idsOnlyForIds });
  })
  .transform((value) => ({ mode: value.mode, ids: value.mode === 'ids' ? [...new Set(value.ids)] : [] }));

export const runsQuery = z.object({
  sourceId: positiveInt(text.id).optional(),
  page: positiveInt(text.page).default(1),
});

export const itemsQuery = z.object({
  outcome: z.enum(ITEM_OUTCOMES, { message: text.outcome }).optional(),
  page: positiveInt(text.page).default(1),
});
