import type { FastifyBaseLogger } from 'fastify';

/** Where a fault happened, as it is logged: the hook or handler, and the client and topic when known. */
export type FaultContext = { where: string; clientId?: string; topic?: string };

type AnyFunction = (...args: never[]) => unknown;
type Last<T extends readonly unknown[]> = T extends readonly [...unknown[], infer L] ? L : never;
type Leading<T extends readonly unknown[]> = T extends readonly [...infer L, unknown] ? L : never;
type Callback<H extends AnyFunction> = Last<Parameters<H>> extends (...args: infer A) => void ? A : never;

/** What a guarded hook's client offers: a way to end its connection after its answer went out. */
type Closable = { close(): void } | null | undefined;

/**
 * The one guard between a client's bytes and the process (docs/architecture.md): every broker hook
 * and listener, every handler of the server's own subscription and every writer's timer runs
 * through it. A throw or a rejected promise in one of them is logged once with its cause and
 * counted; it costs at most that client's connection (a hook) or that message (a handler), never
 * the process and never anyone else's messages.
 */
export class FaultGuard {
  /** Faults caught since the start. */
  faults = 0;

  constructor(private readonly log: FastifyBaseLogger) {}

  report(context: FaultContext, error: unknown) {
    this.faults++;
    try {
      this.log.error({ ...context, err: error }, `${context.where} failed; the server goes on`);
    } catch {
      // A logger that cannot even say so must not become the fault that stops the process.
    }
  }

  /**
   * Runs `work` (a handler, a timer's tick); a throw or a rejection is reported, never raised. Work
   * that answers a promise gets one back that settles with it and never rejects.
   */
  run(context: FaultContext, work: () => unknown): Promise<void> | undefined {
    try {
      const result = work();
      if (result instanceof Promise)
        return result.then(
          () => {},
          (error: unknown) => this.report(context, error),
        );
    } catch (error) {
      this.report(context, error);
    }
    return undefined;
  }

  /** A listener that cannot throw into the emitter that calls it. */
  listener<A extends unknown[]>(
    where: string,
    listener: (...args: A) => unknown,
    context?: (...args: A) => Omit<FaultContext, 'where'>,
  ) {
    return (...args: A) => this.run({ where, ...safely(() => context?.(...args)) }, () => listener(...args));
  }

  /**
   * An Aedes hook (its last argument is its callback). Its callback answers once: a second answer
   * is ignored. A hook that throws or rejects before answering is answered `refuse(error)` (Aedes
   * then closes that client); one that fails after answering, or whose answer throws in Aedes,
   * has its client closed.
   */
  hook<H extends AnyFunction>(where: string, hook: H, options: HookOptions<H>): H {
    // Every message a client publishes passes a hook: the way through makes its answer and little else,
    // and the context is read only for a fault (no named closure per call: tsx keeps names at a cost).
    return ((...args: unknown[]) => {
      const last = args.length - 1;
      const callback = args[last] as (...answer: unknown[]) => void;
      // A member, not a named constant: assigned this way, the closure gets no name to keep.
      const call: { answered: boolean; answer?: (...result: unknown[]) => void } = { answered: false };
      call.answer = (...result) => {
        if (call.answered) return;
        call.answered = true;
        try {
          callback(...result);
        } catch (error) {
          this.#hookFault(where, options, args.slice(0, last), error, 'answer');
        }
      };
      args[last] = call.answer;
      try {
        const result = hook(...(args as Parameters<H>));
        if (result instanceof Promise)
          result.catch((error: unknown) =>
            this.#hookFault(where, options, args.slice(0, last), error, call.answered ? 'late' : call.answer!),
          );
      } catch (error) {
        this.#hookFault(where, options, args.slice(0, last), error, call.answered ? 'late' : call.answer!);
      }
    }) as unknown as H;
  }

  /**
   * A guarded hook failed: reported with its context. It is then answered `refuse(error)`, or,
   * when it had answered already (`late`) or its answer threw in Aedes, its client is closed.
   */
  #hookFault<H extends AnyFunction>(
    where: string,
    options: HookOptions<H>,
    leading: unknown[],
    error: unknown,
    then: 'late' | 'answer' | ((...result: unknown[]) => void),
  ) {
    const { client, ...context } = safely(() => options.context(...(leading as Leading<Parameters<H>>))) ?? {};
    this.report({ where: then === 'answer' ? `${where} (its answer)` : where, ...context }, error);
    if (typeof then === 'function') then(...options.refuse(error));
    else closeQuietly(client);
  }
}

type HookOptions<H extends AnyFunction> = {
  context: (...args: Leading<Parameters<H>>) => Omit<FaultContext, 'where'> & { client?: Closable };
  refuse: (error: unknown) => Callback<H>;
};

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function closeQuietly(client: Closable) {
  try {
    client?.close();
  } catch {
    // Already gone.
  }
}
