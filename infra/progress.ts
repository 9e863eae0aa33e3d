/** Where progress is drawn: a terminal, or anything else, which gets nothing. */
export interface ProgressOutput {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface ProgressOptions {
  output?: ProgressOutput;
  /** How often the line is redrawn; the first drawing waits as long, so quick work shows nothing. */
  everyMs?: number;
}

const EVERY_MS = 250;
const number = new Intl.NumberFormat('en-US');

/**
 * One updating line on a terminal, e.g. "catch-up: 12,345 / 50,000", while `work` runs; `done` and
 * `target` are log positions (which count events on the embedded log). Nothing at all when the
 * output is not a terminal (CI, log files). The line is cleared when the work ends.
 */
export async function withProgress<T>(
  label: string,
  done: () => number,
  target: () => number | Promise<number>,
  work: Promise<T>,
  options: ProgressOptions = {},
): Promise<T> {
  const output = options.output ?? process.stderr;
  if (!output.isTTY) return work;
  let drawn = false;
  let drawing = false;
  let finished = false;
  const draw = async () => {
    if (drawing) return;
    drawing = true;
    try {
      const of = Math.max(0, await target());
      const at = Math.max(0, done());
      if (finished) return;
      output.write(`\r${label}: ${number.format(Math.min(at, of))} / ${number.format(of)}\x1b[K`);
      drawn = true;
    } catch {
      // A failed look at the log's head only skips this drawing; the work reports its own failures.
    } finally {
      drawing = false;
    }
  };
  const timer = setInterval(() => void draw(), options.everyMs ?? EVERY_MS);
  timer.unref();
  try {
    return await work;
  } finally {
    finished = true;
    clearInterval(timer);
    if (drawn) output.write('\r\x1b[K');
  }
}
