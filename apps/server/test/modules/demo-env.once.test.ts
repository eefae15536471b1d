import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_DATA_FOLDER, DemoEnvironmentError, demoStartedText, useDemoDataDir } from '../../../../scripts/demo-env.ts';

const root = '/srv/railserve';

describe('npm run demo', () => {
  it('keeps its data in a folder of its own, even when DATA_DIR names a real installation', () => {
    const env: NodeJS.ProcessEnv = { DATA_DIR: '/srv/railserve/data' };
    expect(useDemoDataDir(env, root)).toBe(path.join(root, DEMO_DATA_FOLDER));
    expect(env.DATA_DIR).toBe(path.join(root, DEMO_DATA_FOLDER));
  });

  it('takes another folder from DEMO_DATA_DIR', () => {
    const env: NodeJS.ProcessEnv = { DEMO_DATA_DIR: '/tmp/my-demo' };
    expect(useDemoDataDir(env, root)).toBe('/tmp/my-demo');
    expect(env.DATA_DIR).toBe('/tmp/my-demo');
  });

  it('refuses a PostgreSQL server, which could be a real installation’s', () => {
    const env: NodeJS.ProcessEnv = { DATABASE_URL: 'postgres://db/railserve' };
    expect(() => useDemoDataDir(env, root)).toThrow(DemoEnvironmentError);
    expect(env.DATA_DIR).toBeUndefined();
  });

  it('says where it runs, where its data is and how to stop it', () => {
    const text = demoStartedText(8080, '/srv/railserve/data-demo');
    expect(text).toContain('http://localhost:8080');
    expect(text).toContain('/srv/railserve/data-demo');
    expect(text).toContain('Ctrl+C');
  });
});
