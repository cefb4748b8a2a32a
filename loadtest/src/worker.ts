/**
 * A worker thread of the load runner (`--workers N`, issue 20 part 3): runs one
 * {@link ClientSide} for the room range it is given, step by step as the runner's messages say,
 * so the generator's bots spread over the machine's cores. Protocol (runner.ts `WorkerSide`):
 * in `{ o, range }` as workerData; messages in `"start"`, `"stop"`, `"leave"`; out
 * `{ kind: "ramped" }`, `{ kind: "status", status }` (about once a second),
 * `{ kind: "result", result }`, `{ kind: "left" }`, `{ kind: "error", message }`.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { LoadOptions } from "./args.ts";
import { ClientSide, type RoomRange } from "./clients.ts";

/** Messages the runner sends a worker. */
export type ToWorker = "start" | "stop" | "leave";

const port = parentPort;
if (port) {
  const { o, range } = workerData as { o: LoadOptions; range: RoomRange };
  const side = new ClientSide(o, range);
  const fail = (err: unknown) => port.postMessage({ kind: "error", message: err instanceof Error ? err.stack ?? err.message : String(err) });
  const status = setInterval(() => port.postMessage({ kind: "status", status: side.status() }), 1000);
  port.on("message", (m: ToWorker) => {
    if (m === "start") side.start();
    else if (m === "stop") side.stop().then((result) => port.postMessage({ kind: "result", result }), fail);
    else if (m === "leave") {
      clearInterval(status);
      side.leave().then(() => port.postMessage({ kind: "left" }), fail);
    }
  });
  side.ramp().then(() => port.postMessage({ kind: "ramped" }), fail);
}
