import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { hashPassword } from '../lib/passwords.ts';
import { findUserByUsername, insertUser, updateUser } from '../modules/users/repository.ts';

/**
 * Gives an installation its administrator back (docs/deploy.md, "Lost administrator"): the user
 * gets a new generated password, level 0 and active; its old tokens end and the first sign-in
 * asks for a new password. A missing user is created.
 */
export async function resetAdministrator(db: Database, username: string) {
  const password = randomBytes(12).toString('base64url');
  const values = { passwordHash: await hashPassword(password), permission: 0, status: 'active', mustChangePassword: true };
  const existing = await findUserByUsername(db, username);
  if (existing) await updateUser(db, existing.id, values, true);
  else await insertUser(db, { username, nickname: 'Administrator', ...values });
  return { username: existing?.username ?? username, password, created: !existing };
}

const USAGE = 'Usage: npm run admin:reset -- --username <name>   (stop the console first)';

/** `npm run admin:reset -- --username admin`: on the database DATA_DIR or DATABASE_URL names. */
export async function runAdminReset(argv: string[], env: NodeJS.ProcessEnv, out: (line: string) => void): Promise<number> {
  const at = argv.indexOf('--username');
  const username = at >= 0 ? argv[at + 1] : undefined;
  if (!username || !/^[A-Za-z0-9_]{1,32}$/.test(username)) {
    out(USAGE);
    return 2;
  }
  const config = loadConfig(env);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db`,
  });
  try {
    const result = await resetAdministrator(database.db, username);
    out(`${result.created ? 'Created' : 'Reset'} administrator "${result.username}" with password ${result.password}`);
    out('It is shown only now; the first sign-in asks for a new one.');
    return 0;
  } finally {
    await database.close();
  }
}
