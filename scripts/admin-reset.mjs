// `npm run admin:reset -- --username admin`: a new password, level 0 and active for that user, on a
// stopped installation's database (DATA_DIR or DATABASE_URL). See docs/deploy.md.
import { register } from 'tsx/esm/api';

register();
const { runAdminReset } = await import('../apps/server/src/cli/admin-reset.ts');
try {
  process.exitCode = await runAdminReset(process.argv.slice(2), process.env, (line) => process.stdout.write(`${line}\n`));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
