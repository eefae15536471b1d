import { badRequest } from './errors.ts';

/** PostgreSQL's zone list can differ from the runtime's: its refusal is the user's bad `tz`, not a 500. */
export async function withValidZone<T>(where: 'querystring' | 'body', work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
    const code = e.code ?? e.cause?.code;
    const message = e.cause?.message ?? e.message ?? '';
    if (code === '22023' && message.includes('time zone')) {
      const path = where === 'body' ? ['body', 'filter', 'tz'] : ['querystring', 'tz'];
      throw badRequest('validation_failed', `Invalid input: ${path.join('.')}: invalid_time_zone`, [
        { path, message: 'invalid_time_zone' },
      ]);
    }
    throw error;
  }
}
