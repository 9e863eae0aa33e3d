// autocannon@7 ships no type declarations: this describes only the parts the benchmarks use
// (see node_modules/autocannon/README.md, "autocannon(opts[, cb])" and "Results").
declare module 'autocannon' {
  export interface CannonRequest {
    path?: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /** Called before every send of this request; what it returns is sent. */
    setupRequest?: (request: CannonRequest, context: Record<string, unknown>) => CannonRequest;
    /** Called with every answer to this request: its status and body. */
    onResponse?: (status: number, body: string) => void;
  }
  export interface CannonOptions {
    url: string;
    connections: number;
    duration: number;
    /** Stop after this many requests instead of after `duration` (spread over the connections: at least one each). */
    amount?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /** Several requests taken in turn; each may set its own path, method, headers and body. */
    requests?: CannonRequest[];
  }
  export interface CannonResult {
    /** Seconds the run took. */
    duration: number;
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; average: number };
    non2xx: number;
    /** Connection errors, timeouts included. */
    errors: number;
    /** Requests without an answer within 10 s. */
    timeouts: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  /** Without a callback autocannon returns a promise of the results, which also tells of every answer as it comes. */
  export default function autocannon(options: CannonOptions): Promise<CannonResult> & { on(event: 'response', listener: () => void): unknown };
}
