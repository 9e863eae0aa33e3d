import type { Doc } from '../../application/platform/ports/document-store';
import type { ReadModelDigest } from '../../application/platform/processing/digest';

/** The read models of a server running the embedded stores, through its operator endpoints (http/operator/read-models.ts). */
export class ReadModelServer {
  readonly base: string;

  constructor(url: string) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error(`REPLAY_SERVER_URL must be an http URL such as http://127.0.0.1:8080 (got "${url}")`);
    }
    this.base = parsed.origin;
  }

  async digest(): Promise<ReadModelDigest> {
    const answer = await this.get('/operator/read-models/digest');
    if (answer.status === 404) {
      throw new Error(`the server at ${this.base} shows its read models to clients on its own machine only: run replay there, not through a proxy`);
    }
    const body = await this.json(answer);
    if (typeof body.position !== 'number' || typeof body.collections !== 'object' || body.collections === null) {
      throw new Error(`the server at ${this.base} answered something that is not a read-model digest`);
    }
    return body as unknown as ReadModelDigest;
  }

  async document(collection: string, id: string): Promise<Doc | null> {
    const answer = await this.get(`/operator/read-models/${encodeURIComponent(collection)}/${encodeURIComponent(id)}`);
    if (answer.status === 404) return null;
    return (await this.json(answer)) as Doc;
  }

  private async get(path: string): Promise<Response> {
    try {
      return await fetch(this.base + path, { signal: AbortSignal.timeout(120_000) });
    } catch {
      throw new Error(`no server answers at ${this.base}: start it (npm start) with the same DATA_DIR, or set REPLAY_SERVER_URL`);
    }
  }

  private async json(answer: Response): Promise<Record<string, unknown>> {
    const text = await answer.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    if (!answer.ok || body === null || typeof body !== 'object') {
      const detail = body !== null && typeof body === 'object' && 'detail' in body ? String(body.detail) : text.slice(0, 200);
      throw new Error(`the server at ${this.base} answered ${answer.status}: ${detail}`);
    }
    return body as Record<string, unknown>;
  }
}
