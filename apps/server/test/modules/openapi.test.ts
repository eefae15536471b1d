import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationId, operationSummary } from '../../src/plugins/openapi.ts';
import { buildTestApp, type TestApp } from '../helper.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

type Operation = { summary?: string; operationId?: string; security?: unknown[]; responses: Record<string, unknown> };
const operations = (doc: { paths: Record<string, Record<string, Operation>> }) =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

describe('the API as a documented product', () => {
  it('lints clean under the recommended rules', async () => {
    const doc = (await app.inject('/api/openapi.json')).json();
    // One rule off, for a reason: `/updates/files/{id}` and `/updates/{id}/download` are both
    // fixed by the product's contract, and an id is digits only, so `files` never reads as one.
    const config = await createConfig({ extends: ['recommended'], rules: { 'no-ambiguous-paths': 'off' } });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: '/openapi.json', config });
    expect(problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('gives every operation a summary, a unique id, its authentication and its error answers', async () => {
    const doc = (await app.inject('/api/openapi.json')).json();
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(40);
    expect(new Set(ops.map((o) => o.op.operationId)).size).toBe(ops.length);
    const list = ops.find((o) => o.path === '/api/v1/users' && o.method === 'get')!.op;
    expect(list.summary).toBe('List users');
    expect(list.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    const login = ops.find((o) => o.path === '/api/v1/login' && o.method === 'post')!.op;
    expect(login.security).toEqual([]);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));
    expect(JSON.stringify(list.responses['403'])).toContain('forbidden');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('serves a browsable reference at /api/docs without a token', async () => {
    const page = await app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger');
    const spec = await app.inject('/api/docs/json');
    expect(spec.statusCode).toBe(200);
    expect(spec.json().info.title).toBe('RailServe API');
  });

  it('names operations from method and path', () => {
    expect(operationSummary('GET', '/api/v1/robots/:sn/config/:group')).toBe('Get robots config');
    expect(operationSummary('DELETE', '/api/v1/logs')).toBe('Delete logs');
    expect(operationId('GET', '/api/v1/robots/:sn/config/:group')).toBe('getRobotsConfigBySnAndGroup');
    expect(operationId('POST', '/api/v1/system/force-reload')).toBe('postSystemForceReload');
  });
});
