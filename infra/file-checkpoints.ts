import fs from 'node:fs/promises';
import path from 'node:path';
import type { Checkpoints } from '../application/platform/processing/checkpoints';

/**
 * Reactor checkpoints of the embedded run, which keeps its read models in memory: one small JSON
 * file beside the event log, replaced whole by a rename, so a crash leaves the old or the new one.
 */
export class FileCheckpoints implements Checkpoints {
  private positions: Promise<Record<string, number>> | null = null;
  private writing: Promise<void> = Promise.resolve();
  /** The next write, which every save made while one is under way joins: one file write for all of them. */
  private next: Promise<void> | null = null;

  constructor(private readonly file: string) {}

  async load(name: string): Promise<number | null> {
    return (await this.all())[name] ?? null;
  }

  async save(name: string, position: number): Promise<void> {
    const positions = await this.all();
    if ((positions[name] ?? -Infinity) >= position) return;
    positions[name] = position;
    // Writes queue behind each other, so an older content never replaces a newer one; the one
    // queued writes the positions as they are when it starts, so it carries every save before it.
    this.next ??= this.writing
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        return this.write(JSON.stringify(positions));
      });
    this.writing = this.next;
    await this.next;
  }

  private all(): Promise<Record<string, number>> {
    this.positions ??= this.read();
    return this.positions;
  }

  private async read(): Promise<Record<string, number>> {
    try {
      return JSON.parse(await fs.readFile(this.file, 'utf8')) as Record<string, number>;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
  }

  private async write(content: string): Promise<void> {
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    const draft = `${this.file}.${process.pid}.tmp`;
    await fs.writeFile(draft, content);
    await fs.rename(draft, this.file);
  }
}
