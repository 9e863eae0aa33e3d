import { CatalogReads } from '../../projections/catalog/queries';
import { DepartureReads } from '../../projections/departures/queries';
import type { Platform } from '../platform/platform';
import type { BookingDeps } from './types';

/** What the booking path's use cases work with, built from the platform. */
export function bookingDeps(platform: Platform): BookingDeps {
  return {
    commands: platform.commands,
    docs: platform.docs,
    clock: platform.clock,
    fx: platform.fx,
    mailer: platform.mailer,
    awaitProjections: platform.awaitProjections,
    settings: { ...platform.settings, onMailError: (error) => platform.log.error('email not sent', { error: String(error) }) },
    catalog: new CatalogReads(platform.docs),
    departures: new DepartureReads(platform.docs),
  };
}
