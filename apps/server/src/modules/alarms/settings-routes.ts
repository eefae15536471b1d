import {
  ALARM_WEBHOOK_EVENTS,
  ALARM_WEBHOOKS_MAX,
  alarmSettings,
  alarmWebhook,
  alarmWebhookAttempt,
  alarmWebhookBody,
  envelope,
  idParam,
} from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { numericId, registerAuditLoader } from '../audit/loaders.ts';
import { readAlarmSettings, writeAlarmSettings } from './settings.ts';
import { hostRefused } from './webhook-address.ts';
import * as hooks from './webhook-repository.ts';

const tags = ['alarms'];
const settings = { action: 'alarms.settings' } as const;

registerAuditLoader('alarm-webhooks', async (app, id) => {
  const key = numericId(id);
  const row = key === undefined ? undefined : await hooks.findWebhook(app.db, key);
  return row && hooks.toWebhook(row);
});

/**
 * The alarm center's settings and webhooks (issue 29), levels 0-1 only. Every change is audited
 * by the audit hook; a webhook's secret is masked there (modules/audit/mask.ts) and never answered.
 */
export const alarmSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/alarm-settings', { config: settings, schema: { tags, response: { 200: envelope(alarmSettings) } } }, async () =>
    ok(await readAlarmSettings(app.db)),
  );

  app.put(
    '/alarm-settings',
    {
      config: settings,
      schema: {
        tags,
        description: 'Severity overrides (for alarms raised from now on), downtime codes and escalation times.',
        body: alarmSettings,
        response: { 200: envelope(alarmSettings) },
      },
    },
    async (request) => ok(await writeAlarmSettings(app, request.body)),
  );

  app.get(
    '/alarm-webhooks',
    { config: settings, schema: { tags, response: { 200: envelope(z.array(alarmWebhook)) } } },
    async () => ok((await hooks.allWebhooks(app.db)).map(hooks.toWebhook)),
  );

  app.post(
    '/alarm-webhooks',
    {
      config: settings,
      schema: {
        tags,
        description:
          'Adds a webhook: http or https only, no credentials in the URL, no link-local or metadata address. The secret is write-only.',
        body: alarmWebhookBody,
        response: { 200: envelope(alarmWebhook) },
      },
    },
    async (request) => {
      const body = request.body;
      if (hostRefused(new URL(body.url), app.alarmNotify.options.allowLoopback))
        throw badRequest('webhook_address_refused', 'The server does not call this address');
      if ((await hooks.webhookCount(app.db)) >= ALARM_WEBHOOKS_MAX)
        throw conflict('webhook_limit_reached', `At most ${ALARM_WEBHOOKS_MAX} webhooks`);
      const row = await hooks.insertWebhook(app.db, {
        url: body.url,
        secret: body.secret,
        severities: [...new Set(body.severities)],
        events: [...new Set(body.events ?? ALARM_WEBHOOK_EVENTS)],
        createdBy: request.user.username,
      });
      return ok(hooks.toWebhook(row));
    },
  );

  app.delete(
    '/alarm-webhooks/:id',
    { config: settings, schema: { tags, params: idParam, response: { 200: envelope(alarmWebhook) } } },
    async (request) => {
      const row = await hooks.findWebhook(app.db, request.params.id);
      if (!row || !(await hooks.deleteWebhook(app.db, row.id))) throw notFound(`Webhook ${request.params.id}`);
      return ok(hooks.toWebhook(row));
    },
  );

  app.get(
    '/alarm-webhooks/:id/deliveries',
    {
      config: settings,
      schema: {
        tags,
        description: `Every attempt to call the webhook, newest first (the last ${hooks.ATTEMPTS_KEPT}).`,
        params: idParam,
        response: { 200: envelope(z.array(alarmWebhookAttempt)) },
      },
    },
    async (request) => {
      if (!(await hooks.findWebhook(app.db, request.params.id))) throw notFound(`Webhook ${request.params.id}`);
      return ok(await hooks.attemptsOf(app.db, request.params.id));
    },
  );
};
