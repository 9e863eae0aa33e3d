import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type Koa from 'koa';
import { Problem } from './problem';

export interface ServeOptions {
  port: number;
  host: string;
  /** Open connections one client address may hold; more are answered 429 and closed. */
  maxConnectionsPerAddress?: number;
}

/** How long a refused connection may stay open for its answer to be read. */
const REFUSED_LINGER_MS = 5_000;

/** An answer written straight to a socket, for the places Koa never sees: a problem document like every other. */
function problemBytes(problem: Problem): string {
  const body = problem.json();
  const headers = {
    'Content-Type': 'application/problem+json',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    'X-Request-Id': randomUUID(),
    ...problem.headers,
    Connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${problem.status} ${http.STATUS_CODES[problem.status]}\r\n${lines.join('')}\r\n${body}`;
}

/** Node's own refusals (a malformed request, headers too large, a request that never arrived in full) as problem documents too. */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const problem =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new Problem('RequestHeaderFieldsTooLarge', 'the request headers are larger than this server takes (16 KiB in all)')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new Problem('BadRequest', 'the request did not arrive in full in time')
        : new Problem('BadRequest', 'the request is not valid HTTP/1.1: check the request line and the headers');
  socket.end(problemBytes(problem));
}

/** Answers a connection over its address's share and lets it go, without ever reading a request from it. */
function refuseConnection(socket: Socket, max: number): void {
  socket.on('error', () => socket.destroy());
  socket.setTimeout(REFUSED_LINGER_MS, () => socket.destroy());
  socket.on('end', () => socket.destroy());
  // Reading and dropping what the client sends lets the close be orderly, so the client reads the answer.
  socket.resume();
  const problem = new Problem(
    'RateLimited',
    `this address already holds ${max} open connections: reuse them, or try again once some have closed`,
    { retry_after_seconds: 1 },
    { 'Retry-After': '1' },
  );
  socket.end(problemBytes(problem));
}

/**
 * Limits how many connections one address holds open, so one client cannot take them all. A
 * connection over the limit never reaches the HTTP parser (so no request on it runs): the
 * server's own connection handling is called only for connections within the limit.
 */
function limitConnections(server: http.Server, max: number): void {
  const serve = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      refuseConnection(socket, max);
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
    for (const listener of serve) listener.call(server, socket);
  });
}

/**
 * CONNECT never reaches the 'request' event: Node hands it over as a tunnel. It gets the same
 * answer as any method a path does not take, through the app (problem, request id, log line).
 */
function answerConnect(handler: http.RequestListener) {
  return (req: http.IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    const res = new http.ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket as Socket);
    res.on('finish', () => {
      res.detachSocket(socket as Socket);
      socket.end();
    });
    void handler(req, res);
  };
}

/** The HTTP server around the app: client errors and CONNECT as problems, connection limits. */
export function createServer(app: Koa, maxConnectionsPerAddress = 256): http.Server {
  const handler = app.callback();
  const server = http.createServer(handler);
  server.on('clientError', answerClientError);
  server.on('connect', answerConnect(handler));
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
