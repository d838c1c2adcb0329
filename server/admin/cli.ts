/**
 * `npm run admin -- <command>` on the configured store (PGlite in DATA_DIR, or DATABASE_URL):
 *
 *   create-operator --username U --role R [--sites 1,2]   creates an operator and prints the
 *       one-time password and the TOTP secret (with its QR)
 *   rotate-secret --name MEDIA_SECRET|PAY_KEY|VAPID        replaces a secret the server generated
 *       and keeps in the store (server_keys) with a new random one, and says what that ends; server
 *       processes read it at start, so every one must be restarted after. A secret the environment
 *       sets is changed there instead.
 *   help (or --help, -h; after a command: that command's)  prints the usage; exit code 0
 *
 * Anything else is a usage error: the usage on stderr, exit code 2. `adminCliRequest` sorts the
 * arguments before any store is opened (help needs none); `runAdminCli` runs a command without the
 * process around it; `runAdminCommand` is create-operator's.
 */
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, type OperatorRole } from '../../contract/admin/session.ts';
import { SERVER_SECRETS, type EnvConfig, type ServerSecretName } from '../config.ts';
import type { Db } from '../db/db.ts';
import { rotateVapidKeys } from '../jobs/vapid-keys.ts';
import { rotateServerSecret } from '../server-secrets.ts';
import { audit } from './audit.ts';
import { credentialsText } from './credentials-print.ts';
import { createOperator, OperatorInputError, type CreatedOperator } from './operators.ts';

const ROTATABLE = [...SERVER_SECRETS, 'VAPID'] as const;
type RotatableSecret = (typeof ROTATABLE)[number];

const CREATE_USAGE = `usage: npm run admin -- create-operator --username U --role ${OPERATOR_ROLES.join('|')} [--sites 1,2]`;
const ROTATE_USAGE = `usage: npm run admin -- rotate-secret --name ${ROTATABLE.join('|')}`;
const HELP_USAGE = 'usage: npm run admin -- help | --help | -h';
export const USAGE = `${CREATE_USAGE}\n${ROTATE_USAGE}\n${HELP_USAGE}`;

/** The commands and each one's usage. */
export const ADMIN_COMMANDS = { 'create-operator': CREATE_USAGE, 'rotate-secret': ROTATE_USAGE } as const;
type AdminCommand = keyof typeof ADMIN_COMMANDS;

const HELP_WORDS = new Set(['help', '--help', '-h']);

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

/**
 * What `argv` asks for, decided without a store: `{ help }` is the text to print (exit code 0);
 * `{ command }` is one to run with `runAdminCli`. No command, an unknown one or a missing or bad
 * option is a UsageError.
 */
export function adminCliRequest(argv: readonly string[]): { help: string } | { command: AdminCommand } {
  const [command, ...rest] = argv;
  if (command === undefined) throw new UsageError(USAGE);
  if (HELP_WORDS.has(command)) return { help: USAGE };
  if (!Object.hasOwn(ADMIN_COMMANDS, command)) throw new UsageError(`unknown command "${command}"\n${USAGE}`);
  const known = command as AdminCommand;
  if (rest.includes('--help') || rest.includes('-h')) return { help: ADMIN_COMMANDS[known] };
  if (known === 'create-operator') parseCreateOperator(rest);
  else parseRotateSecret(rest);
  return { command: known };
}

/** Runs `npm run admin -- <argv>` on `db` (`env`: the environment's settings); answers the text to print. */
export async function runAdminCli(db: Db, argv: string[], env: Partial<EnvConfig>): Promise<string> {
  const [command, ...rest] = argv;
  if (command === 'create-operator') return (await runAdminCommand(db, argv)).text;
  if (command === 'rotate-secret') return rotateSecret(db, rest, env);
  throw new UsageError(USAGE);
}

/** create-operator's options, checked: what createOperator takes. */
function parseCreateOperator(args: readonly string[]) {
  let values: { username?: string; role?: string; sites?: string };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: { username: { type: 'string' }, role: { type: 'string' }, sites: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${CREATE_USAGE}`);
  }
  if (!values.username) throw new UsageError(`--username is required\n${CREATE_USAGE}`);
  if (!values.role || !OPERATOR_ROLES.includes(values.role as OperatorRole)) {
    throw new UsageError(`--role must be one of ${OPERATOR_ROLES.join(', ')}\n${CREATE_USAGE}`);
  }
  return {
    username: values.username,
    role: values.role as OperatorRole,
    siteIds: parseSites(values.sites),
    temporaryPassword: true,
  };
}

/** rotate-secret's options, checked: the secret to replace. */
function parseRotateSecret(args: readonly string[]): RotatableSecret {
  let values: { name?: string };
  try {
    ({ values } = parseArgs({ args: [...args], options: { name: { type: 'string' } }, strict: true }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${ROTATE_USAGE}`);
  }
  const name = ROTATABLE.find((secret) => secret === values.name);
  if (!name) throw new UsageError(`--name must be one of ${ROTATABLE.join(', ')}\n${ROTATE_USAGE}`);
  return name;
}

/** Runs create-operator on `db`; answers the created operator and the text to print. */
export async function runAdminCommand(db: Db, argv: string[]): Promise<{ created: CreatedOperator; text: string }> {
  const [command, ...rest] = argv;
  if (command !== 'create-operator') throw new UsageError(USAGE);
  const input = parseCreateOperator(rest);
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

/** The environment variables that set each secret: when set, the store's value is not the one in use. */
const ENV_NAMES: Record<RotatableSecret, readonly (keyof EnvConfig)[]> = {
  MEDIA_SECRET: ['MEDIA_SECRET'],
  PAY_KEY: ['PAY_KEY'],
  VAPID: ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
};

/** What a rotation ends (docs/operations.md, "Before going live"). */
const ROTATION_ENDS: Record<RotatableSecret, string> = {
  MEDIA_SECRET:
    '未过期的播放凭证失效，播放器重新请求即可 / play tickets not yet expired stop working; players ask for new ones',
  PAY_KEY:
    '用旧密钥签名、尚未送达的支付通知会被拒绝，请在后台订单上“重新查询” / notifies signed with the old key and ' +
    'not yet delivered are refused: use 重新查询 on the order in the console',
  VAPID: '推送订阅已全部删除，会员需重新开启推送 / every push subscription is dropped: members turn push on again',
};

/** rotate-secret --name NAME: a new random value in the store, audited. */
async function rotateSecret(db: Db, args: string[], env: Partial<EnvConfig>): Promise<string> {
  const name = parseRotateSecret(args);
  const setBy = ENV_NAMES[name].filter((variable) => env[variable] !== undefined).join(', ');
  if (setBy) {
    throw new UsageError(
      `${setBy} 由环境变量设置：请在环境中更换，再重启所有进程 / ${setBy} is set in the environment: ` +
        'change it there, then restart every process',
    );
  }
  const dropped = await db.tx(async (q) => {
    const subscriptions = name === 'VAPID' ? await rotateVapidKeys(q) : null;
    if (name !== 'VAPID') await rotateServerSecret(q, name as ServerSecretName);
    await audit(q, {
      operatorId: null,
      action: 'secret.rotate',
      targetType: 'server_key',
      targetId: name,
      after: subscriptions === null ? null : { droppedSubscriptions: subscriptions },
      address: 'cli',
    });
    return subscriptions;
  });
  return [
    `已更换 ${name}（保存在数据库 server_keys 中）/ ${name} replaced in the store (server_keys).`,
    '请重启所有服务器进程与 worker：它们只在启动时读取 / restart every server and worker process: they read it at start.',
    dropped === null ? ROTATION_ENDS[name] : `${ROTATION_ENDS[name]} (${dropped})`,
  ].join('\n');
}
