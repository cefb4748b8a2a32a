import { pino, type Logger } from "pino";
import { LOG_LEVELS, type LogLevel } from "./config.ts";

/** The pino logger type used across the server. */
export type { Logger };

/**
 * Creates the process logger: JSON lines on stdout, or human-readable lines through pino-pretty
 * when stdout is a TTY. `level` defaults to the `LOG_LEVEL` environment variable, then `info`.
 */
export function createLogger(level: LogLevel = envLevel()): Logger {
  const pretty = process.stdout.isTTY === true;
  return pino({
    level,
    base: { pid: process.pid },
    ...(pretty ? { transport: { target: "pino-pretty", options: { colorize: true, translateTime: "SYS:HH:MM:ss.l" } } } : {}),
  });
}

function envLevel(): LogLevel {
  const v = process.env.LOG_LEVEL;
  return (LOG_LEVELS as readonly string[]).includes(v ?? "") ? (v as LogLevel) : "info";
}

/** The shared process logger (level from `LOG_LEVEL`). */
export const logger: Logger = createLogger();
