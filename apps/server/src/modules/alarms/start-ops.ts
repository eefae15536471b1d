import { type AlarmIncident, type ConsoleIncidentsPayload, topics } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { IncidentTracker } from './incidents.ts';
import { MaintenanceWindows } from './maintenance.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Track incidents (modules/alarms/incidents.ts). */
    alarmIncidents: IncidentTracker;
  }
}

/**
 * Maintenance windows and track incidents, started by the alarm center before its lifecycle: the
 * windows are read before the first raise asks them; incidents go to the consoles on
 * `hcpro4/console/alarm-incidents`.
 */
export async function startAlarmOps(app: FastifyInstance) {
  const maintenance = new MaintenanceWindows(app.db, app.log);
  await maintenance.load();
  maintenance.start();
  app.decorate('alarmMaintenance', maintenance);

  const send = (incidents: AlarmIncident[]) =>
    app.faultGuard.run({ where: "the consoles' incident feed" }, () => {
      if (!app.mqtt.connected) return;
      const payload: ConsoleIncidentsPayload = { ts: new Date().toISOString(), incidents };
      app.mqtt.publish(topics.consoleIncidents, payload).catch((error) => {
        app.log.warn({ err: error }, "publishing the consoles' incident feed failed");
      });
    });
  const tracker = new IncidentTracker(app.db, app.log, send);
  app.decorate('alarmIncidents', tracker);
  app.robots.listen(tracker);

  app.addHook('onClose', async () => {
    maintenance.stop();
  });
  return { maintenance, tracker };
}
