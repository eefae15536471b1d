import type { FastifyBaseLogger } from 'fastify';

/** A hung lookup must not hold back the log. */
const LOOKUP_TIMEOUT_MS = 5000;

/** Answers the current names of the given keys; keys it does not know are left out. */
export type NameResolver<K> = (keys: K[]) => Promise<Map<K, string>>;

/**
 * The robots and tracks modules own the names; they register a resolver at start
 * (`app.eventLog.setNameResolver('robot', sns => …)`). Until they do, names stay null.
 */
export class NameResolvers {
  robot: NameResolver<string> | undefined;
  track: NameResolver<number> | undefined;

  constructor(private readonly log: FastifyBaseLogger) {}

  set(kind: 'robot', resolver: NameResolver<string>): void;
  set(kind: 'track', resolver: NameResolver<number>): void;
  set(kind: 'robot' | 'track', resolver: NameResolver<string> | NameResolver<number>) {
    if (kind === 'robot') this.robot = resolver as NameResolver<string>;
    else this.track = resolver as NameResolver<number>;
  }

  /** A failing resolver costs the names, never the records. */
  async lookup<K>(kind: 'robot' | 'track', resolver: NameResolver<K> | undefined, keys: K[]): Promise<Map<K, string>> {
    if (!resolver || keys.length === 0) return new Map();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${LOOKUP_TIMEOUT_MS} ms`)), LOOKUP_TIMEOUT_MS);
    });
    try {
      return await Promise.race([resolver(keys), timeout]);
    } catch (error) {
      this.log.warn({ err: error, kind }, 'name lookup for log records failed; storing them without names');
      return new Map();
    } finally {
      clearTimeout(timer);
    }
  }
}

type Nameable = {
  trackId: number | null;
  robotSn: string | null;
  trackName: string | null;
  robotName: string | null;
  namesGiven: { track: boolean; robot: boolean };
};

/** Fills in the names a record's writer did not give, one lookup per kind for the whole batch. */
export async function resolveNames(resolvers: NameResolvers, batch: Nameable[]) {
  const sns = new Set<string>();
  const trackIds = new Set<number>();
  for (const r of batch) {
    if (r.robotSn && !r.namesGiven.robot) sns.add(r.robotSn);
    if (r.trackId != null && !r.namesGiven.track) trackIds.add(r.trackId);
  }
  const [robots, tracks] = await Promise.all([
    resolvers.lookup('robot', resolvers.robot, [...sns]),
    resolvers.lookup('track', resolvers.track, [...trackIds]),
  ]);
  for (const r of batch) {
    if (r.robotSn && !r.namesGiven.robot) r.robotName = robots.get(r.robotSn)?.slice(0, 64) ?? null;
    if (r.trackId != null && !r.namesGiven.track) r.trackName = tracks.get(r.trackId)?.slice(0, 128) ?? null;
  }
}
