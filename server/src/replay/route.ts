import { createEndpoint } from "@colyseus/core";
import { KEEPER_KEY_HEADER } from "@malignus/shared";
import { DungeonDataError, type DungeonStore } from "../store/types.ts";
import { logger } from "../logger.ts";
import { REPLAY_CONTENT_TYPE, formatReplay } from "./format.ts";
import { ReplayAccessError, replayFromStore } from "./build.ts";
import { ACCESS_HTTP_STATUS } from "../rooms/access.ts";

/** The JSON body of a refused `GET /dungeons/:id/replay` (the shape of the other `/dungeons` routes' refusals). */
export interface ReplayRouteError {
  /**
   * `UNKNOWN_DUNGEON` (404), `KEEPER_KEY_REQUIRED` (401) / `KEEPER_KEY_WRONG` (403) for a private
   * dungeon, `DUNGEON_DATA` (422: its stored log cannot be read; `problem` names what),
   * `NO_STORE` (503), `REPLAY_FAILED` (500: the log does not replay).
   */
  error: ReplayAccessError["code"] | "DUNGEON_DATA" | "NO_STORE" | "REPLAY_FAILED";
  /** What is wrong, for people. */
  reason: string;
  dungeonId: string;
  problem?: string;
}

/**
 * `GET /dungeons/:id/replay`: the replay file of a stored dungeon (replay/format.ts), streamed
 * line by line as `application/x-ndjson`, named `<id>.malignus-replay.jsonl` for a download.
 * A private dungeon's replay needs its keeper key in the {@link KEEPER_KEY_HEADER} header.
 * Refusals are JSON {@link ReplayRouteError}s: 404 for an unknown id, 401/403 for a private
 * dungeon without its right key, 422 when its stored log
 * cannot be read (a `DungeonDataError`), 503 when the server has no store, 500 when the log
 * does not replay.
 * @param store the server's dungeon store (read when a request comes), undefined when it has none.
 */
export function replayEndpoint(store: () => DungeonStore | undefined) {
  return createEndpoint("/dungeons/:id/replay", { method: "GET" }, async (ctx): Promise<Response> => {
    const dungeonId = String(ctx.params.id);
    const refuse = (status: number, body: ReplayRouteError): Response =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    const s = store();
    if (!s) return refuse(503, { error: "NO_STORE", reason: "this server keeps no dungeons (started without a store)", dungeonId });
    const key = ctx.request?.headers.get(KEEPER_KEY_HEADER) ?? undefined;
    let file;
    try {
      file = await replayFromStore(s, dungeonId, key);
    } catch (err) {
      if (err instanceof ReplayAccessError) return refuse(ACCESS_HTTP_STATUS[err.code], { error: err.code, reason: err.detail, dungeonId });
      if (err instanceof DungeonDataError) return refuse(422, { error: "DUNGEON_DATA", reason: err.message, dungeonId, problem: err.problem });
      logger.error({ err, dungeonId }, "replay file failed");
      return refuse(500, { error: "REPLAY_FAILED", reason: (err as Error).message, dungeonId });
    }
    const lines = formatReplay(file);
    const encoder = new TextEncoder();
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Up to 256 lines per chunk.
        const end = Math.min(i + 256, lines.length);
        controller.enqueue(encoder.encode(lines.slice(i, end).join("")));
        i = end;
        if (i >= lines.length) controller.close();
      },
    });
    return new Response(body, {
      status: 200,
      headers: { "content-type": REPLAY_CONTENT_TYPE, "content-disposition": `attachment; filename="${dungeonId.replace(/[^A-Za-z0-9_-]/g, "_")}.malignus-replay.jsonl"` },
    });
  });
}
