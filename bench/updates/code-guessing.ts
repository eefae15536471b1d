import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { startBenchServer } from '../support/bench-server.ts';
import { machine } from '../support/stats.ts';

/**
 * How fast one signed-in client can guess an update record's verification code over HTTP, and
 * how many audit records the guessing writes: CLIENTS parallel loops (default 4) of
 * `GET /updates/{id}/download?code=<wrong>` for SECONDS (default 10), as an administrator.
 * "Guesses" are answers that judged a code (403 wrong code); 429 answers judged none.
 *
 *   npx tsx bench/updates/code-guessing.ts
 */
const SECONDS = Number(process.env.SECONDS ?? 10);
const CLIENTS = Number(process.env.CLIENTS ?? 4);

const { server, headers, baseUrl } = await startBenchServer({ name: 'codes', database: 'memory', listen: true });
// A file row and a record row are enough: a wrong code never reaches the file's bytes.
const [file] = (
  await server.db.execute(sql`
    insert into update_files (filename, version, kind, size, sha256)
    values ('robotfw-1.0.1.bin', '1.0.1', 'firmware', 10, ${'0'.repeat(64)}) returning id`)
).rows as { id: number }[];
const [record] = (
  await server.db.execute(sql`
    insert into update_records (device_type, version, device_serial, status, file_id, verification_code)
    values ('robot', '1.0.1', 'BENCH-1', 'waiting_download', ${file.id}, 'ABCDEFGH') returning id`)
).rows as { id: number }[];
await server.audit.flush();
const auditBefore = await auditRows();

const statuses = new Map<number, number>();
const started = performance.now();
const deadline = started + SECONDS * 1000;
let tries = 0;
await Promise.all(
  Array.from({ length: CLIENTS }, async (_, client) => {
    while (performance.now() < deadline) {
      const code = `WRONG${String(client)}${String(tries++ % 100).padStart(2, '0')}`;
      const response = await fetch(`${baseUrl}/api/v1/updates/${record.id}/download?code=${code}`, { headers });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
await server.audit.flush();
const audited = (await auditRows()) - auditBefore;
await server.close();

const judged = statuses.get(403) ?? 0;
console.log(machine());
console.log(`${CLIENTS} clients, ${elapsed.toFixed(1)} s, ${tries} requests (${(tries / elapsed).toFixed(0)}/s)`);
console.log(`answers: ${[...statuses].map(([s, n]) => `${s} × ${n}`).join(', ')}`);
console.log(`codes judged: ${judged} (${(judged / elapsed).toFixed(1)}/s); audit records written: ${audited}`);

async function auditRows() {
  const [row] = (await server.db.execute(sql`select count(*)::int as n from audit_records where target like 'updates/%'`))
    .rows as { n: number }[];
  return row.n;
}
