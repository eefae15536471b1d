import type { SQL } from 'drizzle-orm';

/**
 * A scalar SQL expression naming the robot (by SN) or track (by id) that `key` holds, null when
 * there is none. The robots and tracks modules own the names and give their expression at start
 * (`app.eventLog.setNameSource('robot', sn => …)`); the log looks the names up in the statement
 * that stores the records, so a batch costs one round trip and the names are those of the moment
 * it is stored. Until a module gives its source, records keep the names their writer gave.
 */
export type NameSource = (key: SQL) => SQL;

export type NameSources = { robot?: NameSource; track?: NameSource };
