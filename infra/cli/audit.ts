import { runCommand } from './run';
import type { EventStore, RecordedEvent } from '../../application/platform/ports/event-store';
import { bookingStream } from '../../domain/booking';
import { departureStream } from '../../domain/departure';
import { holdStream } from '../../domain/hold';
import { paymentStream } from '../../domain/payment';

/** Every event of one booking: its hold, booking and payment streams and its departure entries. */
export async function bookingHistory(events: EventStore, ref: string): Promise<RecordedEvent[]> {
  const own = (await Promise.all([holdStream(ref), bookingStream(ref), paymentStream(ref)].map((s) => events.readStream(s)))).flat();
  const placed = own.find((e) => e.type === 'HoldPlaced');
  const departure = placed ? await events.readStream(departureStream(String(placed.data.optionId), String(placed.data.start))) : [];
  return [...own, ...departure.filter((e) => e.data.ref === ref)].sort((a, b) => a.position - b.position);
}

export function formatHistory(history: RecordedEvent[]): string {
  return history
    .map((e) => {
      const { correlationId } = e.metadata;
      return `${e.recordedAt}  #${e.position}  ${e.streamId}@${e.revision}  ${e.type}  ${JSON.stringify(e.data)}${correlationId ? `  (correlation ${correlationId})` : ''}`;
    })
    .join('\n');
}

if (require.main === module) {
  const ref = process.argv[2];
  if (!ref || !/^TP-[A-Z0-9]{4}-[A-Z0-9]{4}$/.test(ref)) {
    process.stderr.write('usage: npm run audit -- TP-XXXX-XXXX\n');
    process.exit(2);
  }
  runCommand('audit', async ({ events }) => {
    const history = await bookingHistory(events, ref);
    if (history.length === 0) {
      process.stderr.write(`no events for ${ref}\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write(`history of ${ref} (${history.length} events, oldest first)\n${formatHistory(history)}\n`);
    }
  });
}
