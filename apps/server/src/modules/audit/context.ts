import type { AuditClass } from './classify.ts';

/** What the audit hook gathers about one audited request while it runs. */
export type AuditContext = AuditClass & {
  oldValues?: unknown;
  /** Set by a route whose answer is not the entity it changed (a configuration write answers its command record). */
  newValues?: unknown;
  /** The JSON answer as sent (captured in onSend). */
  payload?: string;
  /** Set by a route that knows better, e.g. the number of rows a streamed export wrote. */
  affectedRows?: number;
  /** Set by a route whose streamed answer failed after the status was sent. */
  errorMessage?: string;
  /** Set by a route for a request that is not worth its own record (a repeated wrong code in a burst already recorded). */
  skip?: boolean;
  /** The record was written before the answer left (onSend); onResponse has nothing left to do. */
  recorded?: boolean;
};
