// What the fault run checks, read straight from the database, and the console probe.
import type { Page } from '@playwright/test';
import type { SimRobot } from '@railserve/robot-sim';
import pg from 'pg';
import { LOAD_LOG_TYPE, type Sent } from './load.ts';

export type Finding = { what: string; holds: boolean; detail: string };

export async function readDatabase(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const rows = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as T[];
  return {
    rows,
    robotsOnline: async () =>
      Number((await rows<{ n: string }>(`SELECT count(*) AS n FROM robots WHERE connection = 'online'`))[0].n),
    close: () => client.end(),
  };
}
type Db = Awaited<ReturnType<typeof readDatabase>>;

/** Every acknowledged log record and alert stored, and each once. */
export async function checkLogsAndAlerts(db: Db, sent: Sent, sns: string[]): Promise<Finding[]> {
  const logs = await db.rows<{ message: string }>('SELECT message FROM logs WHERE type = $1', [LOAD_LOG_TYPE]);
  const stored = new Set(logs.map((r) => r.message));
  const lostLogs = [...sent.logs].filter((m) => !stored.has(m));
  const alerts = await db.rows<{ robot_sn: string; device_time: Date }>(
    `SELECT robot_sn, device_time FROM logs WHERE type IN ('alarm_raised', 'alarm_cleared') AND robot_sn = ANY($1)`,
    [sns],
  );
  const alertKeys = alerts.map((r) => `${r.robot_sn}|${r.device_time.toISOString()}`);
  const storedAlerts = new Set(alertKeys);
  const lostAlerts = [...sent.alerts].filter((k) => !storedAlerts.has(k));
  return [
    {
      what: 'no acknowledged log record lost',
      holds: lostLogs.length === 0,
      detail: `${sent.logs.size} acknowledged, ${logs.length} rows, ${lostLogs.length} missing${lostLogs.length ? ` (e.g. ${lostLogs.slice(0, 3).join('; ')})` : ''}`,
    },
    {
      what: 'each log record stored once',
      holds: stored.size === logs.length,
      detail: `${logs.length - stored.size} duplicates`,
    },
    {
      what: 'no acknowledged alert lost',
      holds: lostAlerts.length === 0,
      detail: `${sent.alerts.size} acknowledged, ${alerts.length} rows, ${lostAlerts.length} missing`,
    },
    {
      what: 'each alert logged once',
      holds: storedAlerts.size === alertKeys.length,
      detail: `${alertKeys.length - storedAlerts.size} duplicates`,
    },
  ];
}

/** Every answered command request audited; no command left `sent`. */
export async function checkCommands(db: Db, answered: { id: string }[]): Promise<Finding[]> {
  const ids = answered.map((a) => a.id);
  const audited = await db.rows<{ id: string }>(
    `SELECT response_data->>'id' AS id FROM audit_records WHERE response_data->>'id' = ANY($1)`,
    [ids],
  );
  const auditedIds = new Set(audited.map((r) => r.id));
  const statuses = await db.rows<{ status: string; n: string }>('SELECT status, count(*) AS n FROM commands GROUP BY status');
  const byStatus = Object.fromEntries(statuses.map((s) => [s.status, Number(s.n)]));
  return [
    {
      what: 'no audit record of an answered request lost',
      holds: ids.every((id) => auditedIds.has(id)),
      detail: `${ids.length} answered, ${ids.filter((id) => !auditedIds.has(id)).length} without a record`,
    },
    {
      what: 'no command stuck as sent',
      holds: !byStatus.sent,
      detail: JSON.stringify(byStatus),
    },
  ];
}

/** How long the console on `page` takes to show a battery level set on `robot` now (ms), or undefined past `timeoutMs`. */
export async function consoleShows(page: Page, robot: SimRobot, level: number, timeoutMs = 10_000) {
  const started = Date.now();
  robot.setBattery(level);
  try {
    await page.getByTestId(`robot-row-${robot.sn}`).getByText(`${level}%`).waitFor({ timeout: timeoutMs });
    return Date.now() - started;
  } catch {
    return undefined;
  }
}

/** Waits until `probe` answers true; the milliseconds it took, or undefined past `timeoutMs`. */
export async function within(probe: () => Promise<boolean> | boolean, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await Promise.resolve(probe()).catch(() => false)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

export const healthy = async (url: string) => {
  const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
  const body = (await res.json()) as { data?: { broker?: boolean }; broker?: boolean };
  return (body.data ?? body).broker === true;
};
