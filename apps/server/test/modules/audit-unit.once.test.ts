import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { classifyRequest, describe as describeAudit } from '../../src/modules/audit/classify.ts';
import { loaderFor, registerAuditLoader } from '../../src/modules/audit/loaders.ts';
import { AUDIT_VALUE_MAX_CHARS, auditValue, maskSecrets } from '../../src/modules/audit/mask.ts';
import { changedFields } from '../../src/modules/audit/record.ts';
import type { NewAuditRecord } from '../../src/modules/audit/repository.ts';
import { createAuditWriter } from '../../src/modules/audit/writer.ts';
// Registers the users loader, as loading the app's routes does.
import '../../src/modules/users/routes.ts';

describe('maskSecrets', () => {
  it('replaces every password, token, secret, key and authorization value, at any depth', () => {
    const masked = maskSecrets({
      username: 'amy',
      password: 'pw1',
      newPassword: 'pw2',
      nested: { accessToken: 't', apiKey: 'k', clientSecret: 's', Authorization: 'Bearer x' },
      list: [{ wifiPassword: 'w' }, { name: 'ok' }],
      deviceKey: 12345,
    });
    expect(masked).toEqual({
      username: 'amy',
      password: '***',
      newPassword: '***',
      nested: { accessToken: '***', apiKey: '***', clientSecret: '***', Authorization: '***' },
      list: [{ wifiPassword: '***' }, { name: 'ok' }],
      deviceKey: '***',
    });
  });

  it('masks whole objects under a secret key and leaves absent values absent', () => {
    expect(maskSecrets({ secret: { a: 1 }, token: null, password: '' })).toEqual({ secret: '***', token: null, password: '' });
  });

  it('does not change the value it was given', () => {
    const body = { password: 'pw' };
    maskSecrets(body);
    expect(body.password).toBe('pw');
  });

  it('keeps a huge value as a bounded marker', () => {
    const big = auditValue({ points: 'x'.repeat(AUDIT_VALUE_MAX_CHARS + 10), password: 'pw' }) as Record<string, unknown>;
    expect(big.truncated).toBe(true);
    expect(String(big.preview).length).toBeLessThanOrEqual(2000);
    expect(JSON.stringify(big)).not.toContain('pw"');
  });
});

describe('classifyRequest', () => {
  const cases: [string, string, string | undefined][] = [
    ['POST', 'login', 'login'],
    ['POST', 'logout', 'logout'],
    ['POST', 'sessions', 'create'],
    ['PUT', 'tracks/:id', 'update'],
    ['PATCH', 'tracks/:id', 'update'],
    ['DELETE', 'tracks/:id', 'delete'],
    ['POST', 'users', 'user_management'],
    ['DELETE', 'users/:id', 'user_management'],
    ['PUT', 'robots/:sn/config/:group', 'system_config'],
    ['POST', 'robots/:sn/commands', 'system'],
    ['POST', 'tracks/:id/commands', 'system'],
    ['POST', 'system/restart', 'system'],
    ['GET', 'logs/export', 'export'],
    ['GET', 'audit/export', 'export'],
    ['GET', 'users', undefined],
    ['GET', 'tracks/:id', undefined],
  ];
  it.each(cases)('%s %s is %s', (method, route, type) => {
    expect(classifyRequest(method, route.replace(/:\w+/g, '7'), route)?.type).toBe(type);
  });

  it('describes a write with the entity name', () => {
    expect(describeAudit('update', 'PUT', 'users/7', 'amy')).toBe('Update users/7 (amy)');
    expect(describeAudit('login', 'POST', 'login', 'amy')).toBe('Sign in');
    expect(describeAudit('system', 'POST', 'robots/S-1/commands', undefined, 'restart')).toBe(
      'Send restart to robots/S-1/commands',
    );
    expect(describeAudit('update', 'PUT', 'robots/S-1/config/basic')).toBe('Update robots/S-1/config/basic');
  });

  it('keeps only the fields an update changed, on both sides', () => {
    const old = { id: 1, name: 'A', volume: 60, updatedAt: 'x' };
    expect(changedFields(old, { id: 1, name: 'A', volume: 40, updatedAt: 'y' })).toEqual([{ volume: 60 }, { volume: 40 }]);
    expect(changedFields(undefined, { name: 'A' })).toEqual([undefined, { name: 'A' }]);
    expect(changedFields(old, undefined)).toEqual([old, undefined]);
  });
});

describe('audit loader registry', () => {
  it('finds a loader by the route without its parameters and names the id parameter', () => {
    const loader = async () => ({ ok: true });
    registerAuditLoader('test-things/config', loader);
    expect(loaderFor('test-things/:thingId/config/:group')).toEqual({ loader, idParam: 'thingId' });
    expect(loaderFor('test-things/:thingId')).toBeUndefined();
    expect(loaderFor('users/:id')?.idParam).toBe('id');
  });
});

describe('audit writer', () => {
  const log = { error: vi.fn() } as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };
  const record = (n: number) => ({ type: 'create', target: `t${n}`, description: 'd', result: 'success' }) as NewAuditRecord;

  it('batches records into one insert and never throws when the database fails', async () => {
    const batches: number[] = [];
    const failing = {
      insert: () => ({
        values: async (rows: unknown[]) => {
          batches.push(rows.length);
          throw new Error('database down');
        },
      }),
    } as unknown as Database;
    const writer = createAuditWriter(failing, log, { intervalMs: 10_000, batchSize: 3 });
    for (let i = 0; i < 5; i++) expect(() => writer.enqueue(record(i))).not.toThrow();
    await writer.close();
    expect(batches).toEqual([3, 2]);
    expect(log.error).toHaveBeenCalled();
    expect(writer.pending).toBe(0);
  });

  it('bounds the queue when the database cannot keep up, and counts what it dropped', () => {
    const stuck = { insert: () => ({ values: () => new Promise(() => {}) }) } as unknown as Database;
    const writer = createAuditWriter(stuck, log, { intervalMs: 10_000, batchSize: 1000, maxQueued: 10 });
    for (let i = 0; i < 50; i++) writer.enqueue(record(i));
    expect(writer.pending).toBe(10);
    expect(writer.stats.dropped).toBe(40);
  });
});
