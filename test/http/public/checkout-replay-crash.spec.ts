import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { expect } from 'chai';

const SERVER = path.join(__dirname, '..', '..', 'application', 'booking', 'crashing-server.js');
const KEY = 'tp_pk_demo_direct';
const lead = { name: 'Ana Lima', email: 'ana.lima@example.com', phone: '+351 912 345 678' };

function start(dataDir: string): Promise<ChildProcess & { base?: string }> {
  const child: ChildProcess & { base?: string } = spawn(process.execPath, [SERVER, dataDir, 'send'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it served`)));
    readline.createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) => {
      child.base = `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`;
      resolve(child);
    });
  });
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function call(child: { base?: string }, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${child.base}${url}`, {
    method,
    headers: { 'Tp-Publishable-Key': KEY, ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe('HTTP: a checkout whose answer was lost in a crash answers its tokens again after a restart (a real process, killed)', function () {
  this.timeout(120_000);
  let dataDir: string;
  let running: (ChildProcess & { base?: string }) | null = null;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trips-replay-'));
  });
  afterEach(async () => {
    if (running) await kill(running);
    running = null;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('killed right after the checkout, restarted on the same DATA_DIR: the same Idempotency-Key answers the first result in full', async () => {
    running = await start(dataDir);
    const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 2, 1)).toISOString().slice(0, 7);
    const list = await call(running, 'GET', '/v1/public/products?limit=100');
    let selection: unknown = null;
    for (const card of list.body.data) {
      const trip = await call(running, 'GET', `/v1/public/products/${card.id}`);
      const option = trip.body.options.find((o: any) => o.is_default && o.capacity_mode === 'limited' && o.confirmation === 'instant' && o.units.length === 1);
      if (!option || option.ask_for_price) continue;
      const calendar = await call(running, 'GET', `/v1/public/options/${option.id}/calendar?month=${month}`);
      const day = calendar.body.find((d: any) => d.status === 'open');
      const time = day?.starts.find((s: any) => s.status === 'open')?.time;
      if (time === undefined) continue;
      selection = { option_id: option.id, start: time === null ? day.date : `${day.date}T${time}`, units: [{ unit_id: option.units[0].id, qty: 1 }] };
      break;
    }
    expect(selection, 'a bookable trip in the demo catalog').not.to.equal(null);
    const hold = await call(running, 'POST', '/v1/public/holds', selection);
    expect(hold.status).to.equal(201);
    const headers = { 'Idempotency-Key': 'checkout-lost-in-a-crash' };
    const body = { ref: hold.body.ref, lead, payment_method: 'pay_on_arrival' };
    const lost = await call(running, 'POST', '/v1/public/checkout', body, headers);
    expect(lost.status).to.equal(200);
    await kill(running);

    running = await start(dataDir);
    const again = await call(running, 'POST', '/v1/public/checkout', body, headers);
    expect(again.status).to.equal(200);
    expect(again.body.booking_token).to.equal(lost.body.booking_token);
    expect(again.body.contact_token).to.equal(lost.body.contact_token);
    const viewed = await call(running, 'GET', `/v1/public/bookings/${hold.body.ref}?token=${again.body.booking_token}`);
    expect(viewed.status).to.equal(200);
  });
});
