import type { RobotStatusPayload } from '@railserve/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { FaultGuard } from '../../lib/fault-guard.ts';
import { forgetOwnRows, tellOwnWrites } from './own-writes.ts';
import { newRecomputeMemory } from './recompute-reads.ts';
import { HOUR_MS, SPAN_CAP_MS } from './rollup.ts';
import { recomputeHours, removeChangesBefore } from './rollup-repository.ts';
import { insertChanges } from './rollup-writes.ts';
import { readSettings } from './settings-repository.ts';
import { ChangeTracker, type TrackedChange } from './tracker.ts';

export type RollupOptions = {
  flushMs: number;
  rollupMs: number;
  /** No other process writes the database (embedded PGlite): the roll-up hears of every raw row written (own-writes.ts). */
  soleWriter?: boolean;
};
/** Raw history is kept this long: the range a rebuild can cover. */
export const RAW_KEEP_DAYS = 92;
/** Rows waiting for their write; beyond this, new ones are dropped and counted. */
const QUEUE_MAX = 200_000;
/**
 * Robots per recompute transaction. Each transaction sums the summaries again for every track its
 * robots are on (nearly every track, as robots are marked in the order they are heard), so fewer,
 * larger transactions sum them fewer times, in fewer statements.
 */
const RECOMPUTE_BATCH = 1000;
const hourOf = (t: number) => Math.floor(t / HOUR_MS) * HOUR_MS;

/**
 * The analytics roll-up: statuses become raw history rows (tracker.ts), written in batches every
 * `flushMs`; the robot-hours they touch are recomputed from the raw history every `rollupMs`.
 */
export class RollupService {
  readonly stats = { rows: 0, dropped: 0, recomputed: 0, failures: 0 };
  private readonly tracker = new ChangeTracker();
  /** Where each robot's last recompute stood (recompute-reads.ts): the next one reads on from there. */
  private readonly memory = newRecomputeMemory();
  private queue: TrackedChange[] = [];
  /** sn → hours (epoch ms) to recompute. */
  private dirty = new Map<string, Set<number>>();
  private downtime = new Set<string>();
  private timers: NodeJS.Timeout[] = [];
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly guard: FaultGuard,
    private readonly options: RollupOptions,
  ) {
    if (options.soleWriter) tellOwnWrites(db, this.memory);
  }

  async start() {
    await this.reloadSettings();
    this.timers.push(
      setInterval(() => this.guard.run({ where: 'the analytics writer' }, () => this.flush()), this.options.flushMs),
      setInterval(() => this.guard.run({ where: 'the analytics roll-up' }, () => this.rollUp()), this.options.rollupMs),
      setInterval(() => this.guard.run({ where: 'the analytics cleanup' }, () => this.cleanUp()), 6 * HOUR_MS),
    );
  }

  async stop() {
    for (const timer of this.timers) clearInterval(timer);
    await this.flush();
    await this.rollUp();
  }

  async reloadSettings() {
    this.downtime = new Set((await readSettings(this.db)).downtimeAlarms);
  }

  /** One status heard (modules/robots/ingest.ts): at most one row queued. */
  status(status: RobotStatusPayload) {
    const row = this.tracker.observe(status);
    if (!row) return;
    if (this.queue.length >= QUEUE_MAX) {
      this.stats.dropped++;
      return;
    }
    this.queue.push(row);
  }

  forget(sn: string) {
    this.tracker.forget(sn);
    forgetOwnRows(this.memory, sn);
  }

  /** Writes the queued rows, then marks their hours (and the hour the previous row's span began in) for recomputing. */
  flush() {
    return this.serial(async () => {
      const rows = this.queue;
      this.queue = [];
      if (rows.length === 0) return;
      try {
        await insertChanges(this.db, rows);
        this.stats.rows += rows.length;
      } catch (error) {
        this.stats.failures++;
        this.log.error({ err: error, rows: rows.length }, 'writing analytics history failed; retrying');
        this.queue = rows.concat(this.queue).slice(0, QUEUE_MAX);
        return;
      }
      for (const row of rows) {
        const hours = this.dirty.get(row.sn) ?? new Set<number>();
        hours.add(hourOf(row.at));
        hours.add(hourOf(row.at - SPAN_CAP_MS));
        this.dirty.set(row.sn, hours);
      }
    });
  }

  /** Recomputes the marked robot-hours; the current hour of every robot heard keeps being marked by its keep-alive rows. */
  rollUp(now = Date.now()) {
    return this.serial(async () => {
      const dirty = this.dirty;
      this.dirty = new Map();
      const sns = [...dirty.keys()];
      for (let i = 0; i < sns.length; i += RECOMPUTE_BATCH) {
        const batch = sns.slice(i, i + RECOMPUTE_BATCH);
        const hours = batch.flatMap((sn) => [...(dirty.get(sn) ?? [])]);
        const range = { from: Math.min(...hours), to: Math.max(...hours) + HOUR_MS };
        try {
          this.stats.recomputed += await recomputeHours(this.db, batch, range, {
            downtimeAlarms: this.downtime,
            now,
            memory: this.memory,
          });
        } catch (error) {
          this.stats.failures++;
          this.log.error({ err: error, robots: batch.length }, 'rolling up analytics failed; retrying');
          for (const sn of batch) this.dirty.set(sn, new Set([...(this.dirty.get(sn) ?? []), ...(dirty.get(sn) ?? [])]));
        }
      }
    });
  }

  /** Recomputes every robot with raw history in [from, to) (whole hours): the rebuild. */
  rebuild(sns: string[], from: number, to: number) {
    return this.serial(async () => {
      let hours = 0;
      const range = { from: hourOf(from), to: hourOf(to - 1) + HOUR_MS };
      for (let i = 0; i < sns.length; i += RECOMPUTE_BATCH) {
        hours += await recomputeHours(this.db, sns.slice(i, i + RECOMPUTE_BATCH), range, { downtimeAlarms: this.downtime });
      }
      return hours;
    });
  }

  private cleanUp() {
    return this.serial(() => removeChangesBefore(this.db, new Date(Date.now() - RAW_KEEP_DAYS * 24 * HOUR_MS)));
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work, work);
    this.chain = next.catch(() => {});
    return next;
  }
}
