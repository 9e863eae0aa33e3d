import type { Logger } from '../application/platform/ports/logger';

export type { Logger };

/** Structured JSON logs, one line per record, on stdout. */
export function jsonLogger(silent = false): Logger {
  const write = (level: string, message: string, fields: Record<string, unknown> = {}) => {
    if (!silent) process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`);
  };
  return { info: (m, f) => write('info', m, f), error: (m, f) => write('error', m, f) };
}
