import type { Platform } from '../platform/platform';
import type { Mail } from '../platform/ports/mailer';

/** A mail that cannot go out is reported; what was booked or cancelled stands and is answered. */
export async function sendQuietly(deps: Pick<Platform, 'mailer' | 'log'>, mail: Mail): Promise<void> {
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    deps.log.error('email not sent', { error: String(error) });
  }
}
