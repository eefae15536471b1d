import { parseJson, parseTopic, ROBOT_CONFIG_GROUPS, robotConfigGroups, topicFilters } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import type { RobotFleet } from './fleet.ts';
import { deleteConfigReport, saveConfigReport } from './repository.ts';

/**
 * Keeps each robot's last configuration report (`HCP4/{sn}/config/report`, retained), which
 * `GET /robots/{sn}/config/{group}` answers from. Groups are validated one by one: a group
 * outside the ranges is logged and left out, the others are still shown.
 */
export function startConfigReportIngest(
  app: FastifyInstance,
  fleet: RobotFleet,
  drop: (sn: string, topic: string, reason: string) => void,
) {
  app.mqtt.handle(topicFilters.robotConfigReport, async (topic, payload) => {
    const target = parseTopic(topic);
    if (target?.kind !== 'robotConfigReport' || fleet.isRemoved(target.sn)) return;
    const { sn } = target;
    if (payload.length === 0) return deleteConfigReport(app.db, sn);
    const json = parseJson(payload);
    if (json === null || typeof json !== 'object' || Array.isArray(json)) return drop(sn, topic, 'not a JSON object');
    fleet.stats.reports++;
    const report: Record<string, Record<string, unknown>> = {};
    const rejected: string[] = [];
    for (const group of ROBOT_CONFIG_GROUPS) {
      const value = (json as Record<string, unknown>)[group];
      if (value === undefined) continue;
      const parsed = robotConfigGroups[group].safeParse(value);
      if (parsed.success) report[group] = parsed.data;
      else rejected.push(`${group}.${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message}`);
    }
    if (rejected.length > 0) drop(sn, topic, `invalid ${rejected.join(', ')}`);
    await saveConfigReport(app.db, sn, report, new Date());
  });
}
