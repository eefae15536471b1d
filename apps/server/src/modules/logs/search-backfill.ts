import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { logSearchBackfill, logs } from '../../db/schema/logs.ts';
import { searchTextOf } from './search-text.ts';

/** Records read per step: small, so the writer and the queries get the database between steps. */
export const BACKFILL_BATCH = 2000;

/**
 * One step of filling `search_text` for records written before it existed (migration 0005
 * recorded the first id written after): the next `batch` ids below the mark, newest first,
 * rendered here and written with the new mark in one transaction. Answers how many it read; 0
 * when there is nothing left (the mark is then removed).
 */
export async function backfillSearchTextStep(db: Database, batch = BACKFILL_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const [mark] = await tx.select().from(logSearchBackfill).for('update');
    if (!mark) return 0;
    const rows = await tx.execute<{ id: string; message: string }>(
      sql`SELECT id, message FROM ${logs} WHERE id < ${mark.belowId} ORDER BY id DESC LIMIT ${batch}`,
    );
    if (rows.rows.length === 0) {
      await tx.delete(logSearchBackfill);
      return 0;
    }
    const found = rows.rows
      .map((row) => ({ id: Number(row.id), text: searchTextOf(row.message) }))
      .filter((row) => row.text !== null);
    if (found.length > 0) {
      await tx.execute(sql`
        UPDATE ${logs} SET search_text = filled.text
        FROM unnest(${sql.param(found.map((r) => r.id))}::bigint[], ${sql.param(found.map((r) => r.text))}::text[]) AS filled(id, text)
        WHERE ${logs.id} = filled.id`);
    }
    const lowest = Number(rows.rows[rows.rows.length - 1].id);
    await tx.update(logSearchBackfill).set({ belowId: lowest });
    return rows.rows.length;
  });
}

export type Backfill = { done: Promise<number>; stop(): void };

/**
 * Runs the steps one after another until nothing is left or `stop()`, pausing `pauseMs` between
 * steps so live traffic keeps its share. `done` answers the records read; a failure is reported
 * through `onError` and ends the run (the next start resumes from the mark).
 */
export function runSearchBackfill(db: Database, onError: (error: unknown) => void, pauseMs = 20): Backfill {
  let stopped = false;
  const done = (async () => {
    let read = 0;
    try {
      for (;;) {
        if (stopped) return read;
        const n = await backfillSearchTextStep(db);
        if (n === 0) return read;
        read += n;
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    } catch (error) {
      if (!stopped) onError(error);
      return read;
    }
  })();
  return {
    done,
    stop() {
      stopped = true;
    },
  };
}
