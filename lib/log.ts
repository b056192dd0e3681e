/**
 * Structured JSON logs (pino). Every line is one JSON object; request lines carry requestId, route, status, ms.
 * Secrets never reach the log: known secret-bearing fields are redacted at the logger, and callers pass
 * key prefixes, never keys.
 *
 * The MCP stdio server owns stdout for protocol messages, so it calls `sendLogsToStderr()` before anything logs.
 */
import pino, { type Logger } from "pino";
import { config } from "./config";

let destinationFd: 1 | 2 = 1;
let logger: Logger | undefined;

export function sendLogsToStderr(): void {
  destinationFd = 2;
  logger = undefined;
}

export function log(): Logger {
  logger ??= pino(
    {
      level: safeLevel(),
      base: { service: "vinscope" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          "apiKey",
          "key",
          "*.apiKey",
          "*.key",
          "headers['x-api-key']",
          "*.headers['x-api-key']",
          "authorization",
        ],
        censor: "[redacted]",
      },
    },
    pino.destination({ fd: destinationFd, sync: true }),
  );
  return logger;
}

/** Logging must work even when the configuration is broken, so a config error can itself be logged. */
function safeLevel(): string {
  try {
    return config().logLevel;
  } catch {
    return "info";
  }
}
