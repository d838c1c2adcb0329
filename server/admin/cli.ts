/**
 * `npm run admin -- create-operator --username U --role R [--sites 1,2]`: creates an operator in
 * the configured store (PGlite in DATA_DIR, or DATABASE_URL) and prints the one-time password and
 * the TOTP secret (with its QR). `runAdminCommand` is the command without the process around it.
 */
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, type OperatorRole } from '../../contract/admin/session.ts';
import type { Db } from '../db/db.ts';
import { audit } from './audit.ts';
import { credentialsText } from './credentials-print.ts';
import { createOperator, OperatorInputError, type CreatedOperator } from './operators.ts';

export const USAGE = `usage: npm run admin -- create-operator --username U --role ${OPERATOR_ROLES.join('|')} [--sites 1,2]`;

export class UsageError extends Error {
  override name = 'UsageError';
}

function parseSites(text: string | undefined): number[] | null {
  if (text === undefined) return null;
  const ids = text.split(',').map((part) => part.trim());
  if (ids.length === 0 || !ids.every((id) => /^[1-9]\d{0,8}$/.test(id))) {
    throw new UsageError(`--sites: a comma-separated list of site ids, got "${text}"`);
  }
  return ids.map(Number);
}

/** Runs one admin command on `db`; answers the created operator and the text to print. */
export async function runAdminCommand(db: Db, argv: string[]): Promise<{ created: CreatedOperator; text: string }> {
  const [command, ...rest] = argv;
  if (command !== 'create-operator') throw new UsageError(USAGE);
  let values: { username?: string; role?: string; sites?: string };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { username: { type: 'string' }, role: { type: 'string' }, sites: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (!values.username) throw new UsageError(`--username is required\n${USAGE}`);
  if (!values.role || !OPERATOR_ROLES.includes(values.role as OperatorRole)) {
    throw new UsageError(`--role must be one of ${OPERATOR_ROLES.join(', ')}\n${USAGE}`);
  }
  const input = {
    username: values.username,
    role: values.role as OperatorRole,
    siteIds: parseSites(values.sites),
    temporaryPassword: true,
  };
  try {
    const created = await db.tx(async (q) => {
      const made = await createOperator(q, input);
      await audit(q, {
        operatorId: null,
        action: 'operator.create',
        targetType: 'operator',
        targetId: made.operator.id,
        after: made.operator,
        address: 'cli',
      });
      return made;
    });
    return { created, text: await credentialsText(created) };
  } catch (error) {
    if (error instanceof OperatorInputError) throw new UsageError(error.message);
    throw error;
  }
}
