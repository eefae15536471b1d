import type { SiteVersions } from '@railserve/protocol';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { deviceVersions } from '../../db/schema/updates.ts';

export async function saveDeviceVersion(db: Database, values: typeof deviceVersions.$inferInsert) {
  await db
    .insert(deviceVersions)
    .values(values)
    .onConflictDoUpdate({
      target: deviceVersions.username,
      set: { version: values.version, reportedAt: values.reportedAt, kind: values.kind, sessionCode: values.sessionCode },
    });
}

/** Every session's on-site server and tablet (null until they report), and devices of codes no session has. */
export async function siteVersions(db: Database): Promise<SiteVersions[]> {
  const known = await db.select({ code: sessions.code, name: sessions.name }).from(sessions).orderBy(asc(sessions.code));
  const reports = await db.select().from(deviceVersions);
  const sites = new Map<string, SiteVersions>();
  for (const s of known)
    sites.set(s.code.toLowerCase(), { sessionCode: s.code, sessionName: s.name, site_server: null, tablet: null });
  for (const r of reports) {
    const key = r.sessionCode.toLowerCase();
    const site = sites.get(key) ?? { sessionCode: r.sessionCode, sessionName: null, site_server: null, tablet: null };
    site[r.kind === 'tablet' ? 'tablet' : 'site_server'] = { version: r.version, reportedAt: r.reportedAt.toISOString() };
    sites.set(key, site);
  }
  return [...sites.values()];
}
