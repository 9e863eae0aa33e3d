import type { Mail } from '../platform/ports/mailer';
import type { BookingDeps } from './types';

/** A mail that cannot go out is reported; what was booked or cancelled stands and is answered. */
export async function sendQuietly(deps: BookingDeps, mail: Mail): Promise<void> {
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    deps.settings.onMailError?.(error);
  }
}
