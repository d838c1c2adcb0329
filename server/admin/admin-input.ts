/**
 * What every console route does with its input and its changes: `parseInput(schema, value)` reads a
 * body or query with a zod schema and turns the first problem into a 400 naming the field
 * (`badField`); `auditOf(req)` gives the operator and address a route's audit rows carry, so a
 * change is audited as `audit(q, { ...auditOf(req), action, targetType, targetId, before, after })`
 * in the transaction of the change.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badField } from './admin-errors.ts';
import { adminMessages } from './admin-messages.ts';
import { operatorOf } from './guards.ts';

export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
  // A schema's own message (set with { message }) is shown as is; zod's defaults get the field's name.
  const custom = issue.message && !/^(Invalid|Expected|Too|Unrecognized|Required)/i.test(issue.message);
  throw badField(field, custom ? issue.message : adminMessages.invalidField(field));
}

export const auditOf = (req: FastifyRequest): { operatorId: number; address: string } => ({
  operatorId: operatorOf(req).id,
  address: req.ip,
});
