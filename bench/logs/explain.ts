import { LOG_PAGE_ALL_CAP, listLogsQuery } from '@railserve/protocol';
import { desc } from 'drizzle-orm';
import { logs } from '../../apps/server/src/db/schema/logs.ts';
import { logFilterWhere } from '../../apps/server/src/modules/logs/filter-sql.ts';
import { logPageQuery } from '../../apps/server/src/modules/logs/repository.ts';
import type { BenchServer } from '../support/bench-server.ts';
import type { QueryCase } from './measure-queries.ts';

/** The plan of each case's query (page and capped count in one), to choose indexes from (`--explain`). */
export async function explainQueries(bench: BenchServer, cases: QueryCase[]) {
  for (const { name, query } of cases) {
    const parsed = listLogsQuery.parse(query);
    const { page, pageSize, ...filter } = parsed;
    const pageSql =
      pageSize === 'all'
        ? bench.server.db
            .select()
            .from(logs)
            .where(logFilterWhere(filter))
            .orderBy(desc(logs.time), desc(logs.id))
            .limit(LOG_PAGE_ALL_CAP + 1)
            .toSQL()
        : logPageQuery(bench.server.db, logFilterWhere(filter), (page - 1) * pageSize, pageSize).toSQL();
    console.log(`\n--- ${name}`);
    const { rows } = await bench.database.pool.query(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${pageSql.sql}`,
      pageSql.params as unknown[],
    );
    for (const row of rows) console.log(`    ${row['QUERY PLAN']}`);
  }
}
