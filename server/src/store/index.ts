import { join } from "node:path";
import { PostgresDungeonStore } from "./postgres.ts";
import { SqliteDungeonStore } from "./sqlite.ts";
import type { DungeonStore } from "./types.ts";

export * from "./types.ts";
export { hashKeeperKey, newKeeperKey, verifyKeeperKey } from "./keeperKey.ts";
export { PostgresDungeonStore, isPgUnavailable } from "./postgres.ts";
export { SqliteDungeonStore } from "./sqlite.ts";
export { MAX_QUEUED_INPUTS, StoreWriter, type StoreWriterOptions } from "./writer.ts";

/** File name of the SQLite store inside `DATA_DIR`. */
export const SQLITE_FILE_NAME = "malignus.sqlite";

/** Where a process keeps its dungeons (config.ts `databaseUrl`, `dataDir`). */
export interface StoreConfig {
  /** `postgres://…`: PostgreSQL; unset: SQLite in {@link StoreConfig.dataDir}. */
  databaseUrl: string | undefined;
  /** Folder of the SQLite file (created when missing); default `./data` (relative to the working directory). */
  dataDir: string;
}

/**
 * The store the configuration asks for (not yet initialised: call `init()`): PostgreSQL when
 * `databaseUrl` is set, else SQLite in `dataDir/malignus.sqlite`.
 * @example
 * const store = openDungeonStore(readConfig());
 * await store.init();
 */
export function openDungeonStore(config: StoreConfig): DungeonStore {
  if (config.databaseUrl) return new PostgresDungeonStore({ connectionString: config.databaseUrl });
  return new SqliteDungeonStore({ file: join(config.dataDir, SQLITE_FILE_NAME) });
}
