// Builds the web app only when its inputs changed since the last build, so a second
// `npm start` on an unchanged tree starts in seconds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/protocol/src',
  'package-lock.json',
];
const stampFile = path.join(root, 'apps/web/dist/.build-stamp');

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) {
    yield entry;
    return;
  }
  for (const child of readdirSync(full).sort()) yield* files(path.join(entry, child));
}

export function inputsStamp() {
  const hash = createHash('sha256');
  for (const entry of inputs) for (const file of files(entry)) hash.update(file).update(readFileSync(path.join(root, file)));
  return hash.digest('hex');
}

export function ensureWebBuild({ force = false } = {}) {
  const stamp = inputsStamp();
  if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return false;
  console.log('Building the web app (only when its sources changed)...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@railserve/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The web app build failed');
  writeFileSync(stampFile, stamp);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureWebBuild({ force: process.argv.includes('--force') });
