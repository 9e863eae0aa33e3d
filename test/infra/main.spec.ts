import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';

/** The built server beside this compiled test (dist/test/infra -> dist/infra). */
const MAIN = path.resolve(__dirname, '../../infra/main.js');

interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', SEED_DEMO: 'false', LOG_REQUESTS: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** The port from the server's 'listening' log line, once it is written. */
function listeningPort(server: Started): Promise<number> {
  return new Promise((resolve, reject) => {
    const look = () => {
      const line = server
        .stdout()
        .split('\n')
        .find((l) => l.includes('"listening"'));
      if (line) {
        server.child.stdout?.off('data', look);
        resolve((JSON.parse(line) as { port: number }).port);
      }
    };
    server.child.stdout?.on('data', look);
    void server.exited.then((code) => reject(new Error(`server exited with ${code} before listening: ${server.stderr()}`)));
  });
}

function get(port: number, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/healthz', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

function expectOneLine(stderr: string, pattern: RegExp): void {
  const lines = stderr.trimEnd().split('\n');
  expect(lines, stderr).to.have.length(1);
  expect(lines[0]).to.match(pattern);
  expect(stderr).not.to.match(/^\s+at /m);
}

describe('npm start (the built server)', function () {
  this.timeout(30_000);
  let dir: string;
  const running: Started[] = [];

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'main-spec-'));
  });

  afterEach(() => {
    for (const server of running.splice(0)) server.child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const start = (env: Record<string, string>): Started => {
    const server = startServer({ DATA_DIR: path.join(dir, 'data'), ...env });
    running.push(server);
    return server;
  };

  it('ends with one clear line and a non-zero exit when the port is in use', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const server = start({ PORT: String(port) });
      expect(await server.exited).to.equal(1);
      expectOneLine(server.stderr(), new RegExp(`^failed to start: cannot listen on 127\\.0\\.0\\.1:${port}: the port is in use`));
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('ends with one clear line and a non-zero exit when DATA_DIR is not a folder it can use', async () => {
    const file = path.join(dir, 'a-file');
    fs.writeFileSync(file, '');
    for (const dataDir of [file, path.join(file, 'data')]) {
      const server = start({ DATA_DIR: dataDir });
      expect(await server.exited).to.equal(1);
      expectOneLine(server.stderr(), new RegExp(`^failed to start: DATA_DIR ${dataDir} cannot be used: it is not a directory$`));
    }
  });

  it('ends with one clear line and a non-zero exit when DATA_DIR may not be written', async function () {
    // Permissions do not stop root, so only another user can see this refusal.
    if (process.getuid?.() === 0) this.skip();
    const readOnly = path.join(dir, 'read-only');
    fs.mkdirSync(readOnly, { mode: 0o500 });
    const server = start({ DATA_DIR: readOnly });
    expect(await server.exited).to.equal(1);
    expectOneLine(server.stderr(), /^failed to start: DATA_DIR .* cannot be used: permission denied$/);
  });

  it('says which setting is wrong when HOST is not an address', async () => {
    const server = start({ HOST: 'not a host!' });
    expect(await server.exited).to.equal(2);
    expect(server.stderr()).to.include('HOST must be an IP address or a host name');
    expect(server.stderr()).not.to.match(/^\s+at /m);
  });

  it('exits 0 soon after SIGTERM, with a client connection still open', async () => {
    const server = start({});
    const port = await listeningPort(server);
    const agent = new http.Agent({ keepAlive: true });
    try {
      expect(await get(port, agent)).to.equal(200);
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited).to.equal(0);
      // The force-exit after 10 s would have exited 1; a clean stop takes far less.
      expect(Date.now() - signalled).to.be.below(10_000);
      expect(server.stdout()).to.include('"shutting down"');
      expect(server.stderr()).to.equal('');
    } finally {
      agent.destroy();
    }
  });
});
