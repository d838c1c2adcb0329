/**
 * A fresh demo's first operator: when the store has no operator yet, the server (`npm start`)
 * creates a super operator named `admin` and prints how to sign in, once (afterwards there is an
 * operator).
 */
import type { Db } from '../db/db.ts';
import { audit } from './audit.ts';
import { credentialsText } from './credentials-print.ts';
import { createOperator } from './operators.ts';

export const FIRST_OPERATOR = 'admin';

/** The sign-in text for the operator created now, or null when there was one already. */
export async function ensureFirstOperator(db: Db, signInUrl?: string): Promise<string | null> {
  const created = await db.tx(async (q) => {
    // Two processes starting at once: the second waits here and then finds the first's operator.
    await q.query('LOCK TABLE operators IN SHARE ROW EXCLUSIVE MODE');
    const any = await q.one('SELECT 1 FROM operators LIMIT 1');
    if (any) return null;
    const made = await createOperator(q, { username: FIRST_OPERATOR, role: 'super', temporaryPassword: true });
    await audit(q, {
      operatorId: null,
      action: 'operator.create',
      targetType: 'operator',
      targetId: made.operator.id,
      after: made.operator,
      address: 'npm start',
    });
    return made;
  });
  return created ? credentialsText(created, signInUrl) : null;
}
