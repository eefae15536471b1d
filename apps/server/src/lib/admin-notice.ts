import type { FastifyBaseLogger } from 'fastify';
import type { AdministratorStart } from '../modules/users/service.ts';

/** The block a first start prints for its generated administrator password: alone, and easy to find. */
export function generatedPasswordBlock(username: string, password: string): string {
  const rule = '='.repeat(64);
  return [
    '',
    rule,
    ` First start: the administrator account "${username}" was created.`,
    '',
    `   username: ${username}`,
    `   password: ${password}`,
    '',
    ' This password is shown only now. The first sign-in asks for a new one.',
    rule,
    '',
    '',
  ].join('\n');
}

/**
 * Says at start what became of the administrator. A generated password goes to the terminal
 * once, never through the structured logger (which log collectors keep); everything else is an
 * ordinary log line.
 */
export function reportAdministrator(
  start: AdministratorStart,
  adminPasswordSet: boolean,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  terminal: { write(text: string): unknown } = process.stdout,
): void {
  if (start.created && start.generated) {
    terminal.write(generatedPasswordBlock(start.username, start.password));
  } else if (start.created) {
    log.info(`administrator "${start.username}" created with the password set in ADMIN_PASSWORD`);
  } else if (adminPasswordSet && start.adminExists) {
    log.info('administrator "admin" exists; ADMIN_PASSWORD is used only when the first start creates it');
  } else if (adminPasswordSet) {
    log.warn('users exist but "admin" does not; ADMIN_PASSWORD is used only when the first start creates it');
  }
}
