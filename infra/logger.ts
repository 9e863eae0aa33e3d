/** Structured JSON logs, one line per record, on stdout. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function jsonLogger(silent = false): Logger {
  const write = (level: string, message: string, fields: Record<string, unknown> = {}) => {
    if (!silent) process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`);
  };
  return { info: (m, f) => write('info', m, f), error: (m, f) => write('error', m, f) };
}
