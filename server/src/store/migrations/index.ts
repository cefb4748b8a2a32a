import { initial } from "./001_initial.ts";

/**
 * One versioned schema change, in both dialects. Applied in `version` order, each in its own
 * transaction, and recorded in the `schema_migrations` table (`version`, `name`, `applied_at` ms):
 * a migration recorded there is never applied again. Never edit a released migration; add one.
 */
export interface Migration {
  /** 1, 2, 3… without holes. */
  version: number;
  name: string;
  /** SQL for node:sqlite (several statements). */
  sqlite: string;
  /** SQL for PostgreSQL (several statements). */
  postgres: string;
}

/** Every migration, oldest first. The schema's version is the last one's. */
export const MIGRATIONS: readonly Migration[] = [initial];
