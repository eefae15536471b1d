import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.ts';
import { loadSecrets } from '../../src/lib/secrets.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));
const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rs-secrets-'));
  dirs.push(dir);
  return dir;
};

describe('secrets.json', () => {
  it('creates DATA_DIR 0700 and the file 0600, whole (no temporary file left), and reuses it', async () => {
    const dataDir = path.join(await tempDir(), 'data');
    const first = await loadSecrets(dataDir, {});
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dataDir, 'secrets.json'))).mode & 0o777).toBe(0o600);
    expect(await readdir(dataDir)).toEqual(['secrets.json']);
    expect(await loadSecrets(dataDir, {})).toEqual(first);
  });

  it('refuses to start on a damaged file instead of generating new keys, and leaves the file alone', async () => {
    const dataDir = await tempDir();
    const file = path.join(dataDir, 'secrets.json');
    const notAKey = JSON.stringify({ updateSigningKey: 'x'.repeat(64) });
    for (const damaged of ['{"jwtSecret": "abc', '[]', '{"deviceKey": 42}', '', notAKey]) {
      await writeFile(file, damaged);
      const error = await loadSecrets(dataDir, {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain('secrets.json');
      expect((error as Error).message).not.toContain('\n');
      expect(await readFile(file, 'utf8')).toBe(damaged);
    }
  });

  it('generates no shared DEVICE_KEY on a fresh install, and keeps a given one out of the file', async () => {
    const dataDir = await tempDir();
    expect((await loadSecrets(dataDir, {})).deviceKey).toBeUndefined();
    expect((await loadSecrets(dataDir, { deviceKey: 'k'.repeat(20) })).deviceKey).toBe('k'.repeat(20));
    expect(JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')).deviceKey).toBeUndefined();
  });

  it('refuses to start when the file cannot be read', async () => {
    const dataDir = await tempDir();
    // A directory where the file should be: reading fails whoever runs the test (root ignores modes).
    await mkdir(path.join(dataDir, 'secrets.json'));
    const error = await loadSecrets(dataDir, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/Cannot read .*secrets\.json/);
  });

  it('tightens the mode of a file written by an older version', async () => {
    const dataDir = await tempDir();
    const file = path.join(dataDir, 'secrets.json');
    const kept = { jwtSecret: 'j'.repeat(32), deviceKey: 'd'.repeat(32), serverBrokerPassword: 's'.repeat(32) };
    await writeFile(file, JSON.stringify(kept), { mode: 0o644 });
    const loaded = await loadSecrets(dataDir, {});
    // The update signing key an older file lacks is added once, and kept from then on.
    expect(loaded).toEqual({ ...kept, updateSigningKey: expect.any(String), credentialKey: expect.any(String) });
    expect((await loadSecrets(dataDir, {})).updateSigningKey).toBe(loaded.updateSigningKey);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });
});
