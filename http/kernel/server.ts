import http from 'node:http';
import type { Socket } from 'node:net';
import type Koa from 'koa';
import { Problem } from './problem';

export interface ServeOptions {
  port: number;
  host: string;
  /** Open connections one client address may hold; more are closed at once. */
  maxConnectionsPerAddress?: number;
}

/** Node's own refusals (a malformed request, headers too large) as problem documents too. */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable) return;
  const problem =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new Problem('RequestHeaderFieldsTooLarge', 'the request headers are larger than this server takes')
      : new Problem('BadRequest', 'the request is not valid HTTP');
  const body = problem.json();
  socket.end(
    `HTTP/1.1 ${problem.status} ${http.STATUS_CODES[problem.status]}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Limits how many connections one address holds open, so one client cannot take them all. */
function limitConnections(server: http.Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/** The HTTP server around the app: listening, client errors as problems, connection limits. */
export function createServer(app: Koa, maxConnectionsPerAddress = 256): http.Server {
  const server = http.createServer(app.callback());
  server.on('clientError', answerClientError);
  limitConnections(server, maxConnectionsPerAddress);
  return server;
}

export function serve(app: Koa, options: ServeOptions): Promise<http.Server> {
  const server = createServer(app, options.maxConnectionsPerAddress);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
