import { createHmac } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { ALARM_WEBHOOK_SIGNATURE_HEADER, ALARM_WEBHOOK_TIMESTAMP_HEADER } from '@railserve/protocol';
import { addressRefused, hostRefused } from './webhook-address.ts';

export type SendOutcome = { ok: boolean; statusCode: number | null; error: string | null; durationMs: number };

/** The signature of one call: HMAC-SHA256 over `{timestamp}.{body}` with the webhook's secret, in hex. */
export function signature(secret: string, timestamp: string, body: string) {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

class AddressRefused extends Error {
  code = 'ADDRESS_REFUSED';
}

/** dns.lookup that refuses the addresses a webhook may not reach (webhook-address.ts). */
export const guardedLookup =
  (allowLoopback: boolean): LookupFunction =>
  (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => addressRefused(a.address, allowLoopback));
      if (bad || list.length === 0) return callback(new AddressRefused(hostname), '', 0);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };

/**
 * One webhook call: an HTTP POST of the JSON body, signed, answered within `timeoutMs` or given
 * up; a redirect is an answer, never followed (node:http follows none). A 2xx is delivered.
 */
export function sendWebhook(
  target: { url: string; secret: string },
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowLoopback: boolean },
): Promise<SendOutcome> {
  const started = performance.now();
  const done = (ok: boolean, statusCode: number | null, error: string | null): SendOutcome => ({
    ok,
    statusCode,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(target.url);
    } catch {
      return resolve(done(false, null, 'address_refused'));
    }
    if (!['http:', 'https:'].includes(url.protocol) || hostRefused(url, options.allowLoopback))
      return resolve(done(false, null, 'address_refused'));
    const timestamp = String(Math.floor(Date.now() / 1000));
    const client = url.protocol === 'https:' ? https : http;
    const literal = isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0;
    const request = client.request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'RailServe-Webhook/1',
        [ALARM_WEBHOOK_TIMESTAMP_HEADER]: timestamp,
        [ALARM_WEBHOOK_SIGNATURE_HEADER]: signature(target.secret, timestamp, body),
        ...headers,
      },
      ...(literal ? {} : { lookup: guardedLookup(options.allowLoopback) }),
      agent: false,
    });
    const timer = setTimeout(() => request.destroy(new Error('timeout')), options.timeoutMs);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      response.resume();
      response.on('end', () => clearTimeout(timer));
      response.on('error', () => clearTimeout(timer));
      clearTimeout(timer);
      if (status >= 200 && status < 300) resolve(done(true, status, null));
      else resolve(done(false, status, status >= 300 && status < 400 ? 'redirect' : 'http_status'));
    });
    request.on('error', (error: Error & { code?: string }) => {
      clearTimeout(timer);
      if (error.message === 'timeout') resolve(done(false, null, 'timeout'));
      else if (error.code === 'ADDRESS_REFUSED') resolve(done(false, null, 'address_refused'));
      else resolve(done(false, null, 'connect_failed'));
    });
    request.end(body);
  });
}
