import type { Migration } from "./index.ts";

/**
 * Version 1: dungeons (metadata, status, progress, lease), their latest snapshot (JSON text, so a
 * damaged one can be read and reported rather than refused by the database), and the full input
 * log (one row per input, keyed by dungeon and `seq`). Times are milliseconds since the Unix epoch.
 */
export const initial: Migration = {
  version: 1,
  name: "initial",
  sqlite: `
    CREATE TABLE dungeons (
      dungeon_id TEXT PRIMARY KEY,
      format INTEGER NOT NULL,
      options TEXT NOT NULL,
      map TEXT NOT NULL,
      ruleset TEXT NOT NULL,
      owner_name TEXT NOT NULL,
      keeper_key_hash TEXT NOT NULL,
      private INTEGER NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('live', 'resting', 'damaged')),
      status_reason TEXT,
      day INTEGER NOT NULL,
      tick INTEGER NOT NULL,
      hash TEXT NOT NULL,
      input_count INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      lease_holder TEXT,
      lease_expires_at INTEGER
    ) STRICT;
    CREATE INDEX dungeons_by_creation ON dungeons (created_at, dungeon_id);
    CREATE TABLE snapshots (
      dungeon_id TEXT PRIMARY KEY REFERENCES dungeons (dungeon_id),
      format INTEGER NOT NULL,
      next_seq INTEGER NOT NULL,
      tick INTEGER NOT NULL,
      hash TEXT NOT NULL,
      state TEXT NOT NULL,
      saved_at INTEGER NOT NULL
    ) STRICT;
    CREATE TABLE inputs (
      dungeon_id TEXT NOT NULL REFERENCES dungeons (dungeon_id),
      seq INTEGER NOT NULL,
      input TEXT NOT NULL,
      PRIMARY KEY (dungeon_id, seq)
    ) STRICT, WITHOUT ROWID;
  `,
  postgres: `
    CREATE TABLE dungeons (
      dungeon_id text PRIMARY KEY,
      format integer NOT NULL,
      options text NOT NULL,
      map text NOT NULL,
      ruleset text NOT NULL,
      owner_name text NOT NULL,
      keeper_key_hash text NOT NULL,
      private boolean NOT NULL,
      status text NOT NULL CHECK (status IN ('live', 'resting', 'damaged')),
      status_reason text,
      day integer NOT NULL,
      tick bigint NOT NULL,
      hash text NOT NULL,
      input_count bigint NOT NULL,
      created_at bigint NOT NULL,
      updated_at bigint NOT NULL,
      lease_holder text,
      lease_expires_at bigint
    );
    CREATE INDEX dungeons_by_creation ON dungeons (created_at, dungeon_id);
    CREATE TABLE snapshots (
      dungeon_id text PRIMARY KEY REFERENCES dungeons (dungeon_id),
      format integer NOT NULL,
      next_seq bigint NOT NULL,
      tick bigint NOT NULL,
      hash text NOT NULL,
      state text NOT NULL,
      saved_at bigint NOT NULL
    );
    CREATE TABLE inputs (
      dungeon_id text NOT NULL REFERENCES dungeons (dungeon_id),
      seq bigint NOT NULL,
      input text NOT NULL,
      PRIMARY KEY (dungeon_id, seq)
    );
  `,
};
