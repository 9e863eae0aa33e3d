import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { expect } from 'chai';
import { simpleParser } from 'mailparser';

const SERVER = path.join(__dirname, 'crashing-server.js');
const KEY = 'tp_pk_demo_direct';
const lead = { name: 'Ana Lima', email: 'ana.lima@example.com', phone: '+351 912 345 678' };

interface Running {
  process: ChildProcess;
  base: string;
}

/** Starts the server in a process of its own on DATA_DIR and resolves once it serves. */
function start(dataDir: string, mode: 'hold-mail' | 'send'): Promise<Running> {
  const child = spawn(process.execPath, [SERVER, dataDir, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it served`)));
    readline.createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) => {
      resolve({ process: child, base: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}` });
    });
  });
}

/** kill -9: no shutdown, no chance to finish anything. */
function crash(running: Running): Promise<void> {
  return new Promise((resolve) => {
    running.process.once('exit', () => resolve());
    running.process.kill('SIGKILL');
  });
}

async function call(running: Running, method: string, url: string, body?: unknown) {
  const response = await fetch(running.base + url, {
    method,
    headers: { 'Tp-Publishable-Key': KEY, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** A limited, instant, adults-only option of the demo catalog and an open start of it two months from now. */
async function bookable(running: Running): Promise<{ option_id: string; start: string; units: { unit_id: string; qty: number }[] }> {
  const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 2, 1)).toISOString().slice(0, 7);
  const list = await call(running, 'GET', '/v1/public/products?limit=100');
  for (const card of list.body.data) {
    const trip = await call(running, 'GET', `/v1/public/products/${card.id}`);
    const option = trip.body.options.find((o: any) => o.is_default);
    if (!option || option.capacity_mode !== 'limited' || option.confirmation !== 'instant' || option.ask_for_price || option.units.length !== 1) continue;
    const calendar = await call(running, 'GET', `/v1/public/options/${option.id}/calendar?month=${month}`);
    const day = calendar.body.find((d: any) => d.status === 'open');
    const time = day?.starts.find((s: any) => s.status === 'open')?.time;
    if (time === undefined) continue;
    return { option_id: option.id, start: time === null ? day.date : `${day.date}T${time}`, units: [{ unit_id: option.units[0].id, qty: 2 }] };
  }
  throw new Error('the demo catalog has no bookable trip');
}

describe('mail after a crash (a real process, killed)', function () {
  this.timeout(120_000);
  let dataDir: string;
  let running: Running | null = null;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trips-crash-'));
  });
  afterEach(async () => {
    if (running) await crash(running);
    running = null;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The outbox's .eml messages, as their subject, addressee and text. */
  const outbox = async () => {
    const folder = path.join(dataDir, 'outbox');
    const files = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
    return Promise.all(
      files.map(async (f) => {
        const parsed = await simpleParser(fs.readFileSync(path.join(folder, f)));
        return { subject: parsed.subject, to: parsed.to && 'text' in parsed.to ? parsed.to.text : null, text: parsed.text ?? '' };
      }),
    );
  };

  it('killed after the checkout and the cancellation answered but before their mails went out, it sends each mail once after a restart, and never again', async () => {
    running = await start(dataDir, 'hold-mail');
    const hold = await call(running, 'POST', '/v1/public/holds', await bookable(running));
    expect(hold.status).to.equal(201);
    const booking = await call(running, 'POST', '/v1/public/checkout', { ref: hold.body.ref, lead, payment_method: 'pay_on_arrival' });
    expect(booking.status).to.equal(200);
    const cancel = await call(running, 'POST', `/v1/public/bookings/${booking.body.ref}/cancel?token=${booking.body.booking_token}`);
    expect(cancel.status).to.equal(200);
    await crash(running);
    expect(await outbox()).to.deep.equal([]);

    running = await start(dataDir, 'send');
    const sent = await outbox();
    expect(sent.map((m) => m.subject).sort()).to.deep.equal([`Booking ${booking.body.ref} cancelled`, `Booking ${booking.body.ref}: confirmed`]);
    expect(sent.every((m) => m.to === lead.email)).to.equal(true);
    // Each links to the booking's manage page with its token, though the server that sent them never saw the checkout's answer.
    const link = `https://www.atlastrails.example/manage?ref=${booking.body.ref}&token=${booking.body.booking_token}`;
    expect(sent.every((m) => m.text.includes(link))).to.equal(true);
    await crash(running);

    running = await start(dataDir, 'send');
    expect(await outbox()).to.have.length(2);
  });
});
