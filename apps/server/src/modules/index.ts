import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { startAlarmNotify } from './alarms/notify-start.ts';
import { alarmReportRoutes } from './alarms/report-routes.ts';
import { alarmRoutes } from './alarms/routes.ts';
import { startAlarms } from './alarms/start.ts';
import { analyticsRoutes } from './analytics/routes.ts';
import { startAnalytics } from './analytics/start.ts';
import { audioRoutes } from './audio/routes.ts';
import { startCommandAudit } from './audit/command-outcome.ts';
import { auditRoutes } from './audit/routes.ts';
import { startAuditCleanup } from './audit/service.ts';
import { authRoutes } from './auth/routes.ts';
import { startCommandTracker } from './commands/service.ts';
import { deviceRoutes } from './devices/routes.ts';
import { logRoutes } from './logs/routes.ts';
import { startLogService } from './logs/start.ts';
import { robotRoutes } from './robots/routes.ts';
import { startRobots } from './robots/start.ts';
import { sessionRoutes } from './sessions/routes.ts';
import { systemRoutes } from './system/routes.ts';
import { startSystemStatus } from './system/status.ts';
import { startVersionIngest } from './system/versions-ingest.ts';
import { tableRoutes } from './tables/routes.ts';
import { trackRoutes } from './tracks/routes.ts';
import { startTracks } from './tracks/start.ts';
import { updateRoutes } from './updates/routes.ts';
import { startUpdates } from './updates/start.ts';
import { userRoutes } from './users/routes.ts';

/**
 * Every module's routes under /api/v1. A new module adds its `routes.ts` plugin here; the module's
 * own sub-routes (`command-routes.ts`, `files/routes.ts`…) are registered by that plugin.
 */
export const apiRoutes: FastifyPluginAsyncZod[] = [
  authRoutes,
  userRoutes,
  systemRoutes,
  auditRoutes,
  logRoutes,
  sessionRoutes,
  trackRoutes,
  robotRoutes,
  tableRoutes,
  audioRoutes,
  updateRoutes,
  deviceRoutes,
  alarmRoutes,
  alarmReportRoutes,
  analyticsRoutes,
];

/**
 * Background work of the modules (broker ingest, timers). Each starts after the database and
 * the broker connection exist and stops through `app.addHook('onClose')`.
 */
export const services: ((app: FastifyInstance) => Promise<void> | void)[] = [
  startLogService,
  (app) => {
    app.decorate('commands', startCommandTracker(app));
  },
  startCommandAudit,
  startAuditCleanup,
  startTracks,
  startAnalytics,
  startRobots,
  startAlarms,
  startAlarmNotify,
  startSystemStatus,
  startUpdates,
  startVersionIngest,
];
