import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedPasswordBlock, reportAdministrator } from '../../src/lib/admin-notice.ts';
import { buildTestApp, type TestApp } from '../helper.ts';

let app: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  app = await buildTestApp({}, { logStream: { write: (line) => lines.push(line) }, firstStart: true });
});
afterAll(() => app.close());

/** The log records written while `run` ran. */
async function loggedDuring(run: () => Promise<unknown>) {
  const from = lines.length;
  await run();
  return lines.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('request logging', () => {
  it('writes one line per request, with method, address, status and time', async () => {
    const records = await loggedDuring(() => app.inject({ method: 'GET', url: '/api/health' }));
    const requestLines = records.filter((r) => r.reqId !== undefined);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ method: 'GET', url: '/api/health', statusCode: 200, level: 30 });
    expect(typeof requestLines[0].responseTime).toBe('number');
    expect(requestLines[0].msg).toMatch(/^GET \/api\/health 200 [\d.]+ ms$/);
  });

  it('logs a refused request once too, and never its token or body', async () => {
    const records = await loggedDuring(() =>
      app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { username: 'nobody', password: 'secret-word-1' },
        headers: { authorization: 'Bearer not-a-token' },
      }),
    );
    const requestLines = records.filter((r) => r.url === '/api/v1/login');
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0].statusCode).toBe(401);
    const text = JSON.stringify(records);
    expect(text).not.toContain('secret-word-1');
    expect(text).not.toContain('not-a-token');
  });
});

describe('the administrator at start', () => {
  it('is reported by the app when ADMIN_PASSWORD created it', () => {
    const messages = lines.map((line) => (JSON.parse(line) as { msg?: string }).msg);
    expect(messages).toContain('administrator "admin" created with the password set in ADMIN_PASSWORD');
  });

  const capture = () => {
    const info: string[] = [];
    const warn: string[] = [];
    const printed: string[] = [];
    const log = { info: (m: string) => info.push(m), warn: (m: string) => warn.push(m) } as never;
    return { info, warn, printed, log, terminal: { write: (t: string) => printed.push(t) } };
  };

  it('prints a generated password once, on lines of its own, and not to the log', () => {
    const c = capture();
    reportAdministrator(
      { created: true, username: 'admin', password: 'Gen3rated_pw', generated: true },
      false,
      c.log,
      c.terminal,
    );
    expect(c.printed).toEqual([generatedPasswordBlock('admin', 'Gen3rated_pw')]);
    expect(c.printed[0].split('\n')).toContain('   password: Gen3rated_pw');
    expect(c.info).toEqual([]);
  });

  it('says the administrator was created, or exists, when ADMIN_PASSWORD is set', () => {
    const created = capture();
    reportAdministrator(
      { created: true, username: 'admin', password: 'from-env', generated: false },
      true,
      created.log,
      created.terminal,
    );
    expect(created.info).toEqual(['administrator "admin" created with the password set in ADMIN_PASSWORD']);
    expect(created.printed.join('')).not.toContain('from-env');

    const exists = capture();
    reportAdministrator({ created: false, adminExists: true }, true, exists.log, exists.terminal);
    expect(exists.info[0]).toMatch(/^administrator "admin" exists/);
    expect(exists.printed).toEqual([]);

    const missing = capture();
    reportAdministrator({ created: false, adminExists: false }, true, missing.log, missing.terminal);
    expect(missing.warn[0]).toMatch(/"admin" does not/);
  });
});
