import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

/** One line of the app's log (pino's JSON): `level` 40 is warn, 50 error. */
export interface LogLine {
  level: number;
  msg?: string;
  err?: { stack?: string };
  [key: string]: unknown;
}

/**
 * What the app's logger writes from now on, parsed, instead of standard output: the app's logger and every
 * request's logger (its children) write to the stream the app's logger holds. The app needs a `LOG_LEVEL`.
 */
export function recordLogs(log: FastifyBaseLogger): LogLine[] {
  const lines: LogLine[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
  (log as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = stream;
  return lines;
}
