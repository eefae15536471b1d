import { SUPERVISOR_ENV, SUPERVISOR_SERVING, type SupervisorRestarts, supervisorRestarts } from '@railserve/protocol';

/** How often the `npm start` supervisor started this server again (scripts/supervise.mjs); undefined without it. */
export function restartsFromSupervisor(env: NodeJS.ProcessEnv = process.env): SupervisorRestarts | undefined {
  const text = env[SUPERVISOR_ENV];
  if (!text) return undefined;
  try {
    const parsed = supervisorRestarts.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Tells the supervisor the server is serving (HTTP and the broker listen): from then on it restarts
 * every crash, where before it stops on a configuration error that repeats.
 */
export function reportServing(send: NodeJS.Process['send'] = process.send?.bind(process)): void {
  send?.({ type: SUPERVISOR_SERVING }, undefined, undefined, () => {});
}
