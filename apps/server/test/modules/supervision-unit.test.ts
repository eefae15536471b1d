import { CONFIG_EXIT_CODE, RESTART_EXIT_CODE, SUPERVISOR_ENV, SUPERVISOR_SERVING } from '@railserve/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportServing, restartsFromSupervisor } from '../../src/lib/supervision.ts';
import { buildTestApp, type TestApp } from '../helper.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('what the supervisor tells the server', () => {
  it('speaks with the same codes, message and variable as the server (a plain script keeps its own copy)', async () => {
    const script = new URL('../../../../scripts/supervise.mjs', import.meta.url).href;
    const supervisor: unknown = await import(script);
    expect(supervisor).toMatchObject({ RESTART_EXIT_CODE, CONFIG_EXIT_CODE, SUPERVISOR_SERVING, SUPERVISOR_ENV });
  });

  it('reads the restart counts, and nothing from a value it did not write', () => {
    expect(restartsFromSupervisor({ [SUPERVISOR_ENV]: '{"total":3,"crashes":2}' })).toEqual({ total: 3, crashes: 2 });
    for (const bad of [
      '',
      '{',
      '{"total":-1,"crashes":0}',
      '{"total":1.5,"crashes":0}',
      '[]',
      'null',
      '{"total":"3","crashes":2}',
    ]) {
      expect(restartsFromSupervisor({ [SUPERVISOR_ENV]: bad })).toBeUndefined();
    }
    expect(restartsFromSupervisor({})).toBeUndefined();
  });

  it('says it is serving over IPC, and nothing without a channel', () => {
    const sent: unknown[] = [];
    reportServing(((message: unknown) => sent.push(message) > 0) as NodeJS.Process['send']);
    expect(sent).toEqual([{ type: SUPERVISOR_SERVING }]);
    expect(() => reportServing(undefined)).not.toThrow();
  });

  it('shows the counts in /api/health and its schema, and leaves them out without a supervisor', async () => {
    expect((await app.inject('/api/health')).json().data).not.toHaveProperty('restarts');
    app.lifecycle.restarts = { total: 4, crashes: 1 };
    try {
      expect((await app.inject('/api/health')).json().data.restarts).toEqual({ total: 4, crashes: 1 });
    } finally {
      app.lifecycle.restarts = undefined;
    }
    const doc = (await app.inject('/api/openapi.json')).json();
    const schema = doc.paths['/api/health'].get.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(schema)).toContain('"restarts"');
  });
});
