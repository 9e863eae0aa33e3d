import { type DepartureEvent } from '../../../domain/departure';
import { vehicleDayDecider, vehicleDayStream } from '../../../domain/vehicle-day';
import { isRefusal } from '../../../domain/shared/refusal';
import { defineReactor } from '../../platform/processing/reactor';

/** A departure's stream is `departure-{optionId}-{start}`, its start a local date or date and time at the end. */
const DEPARTURE = /^departure-(.+)-(\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2})?)$/;

/**
 * Places given back (a hold ran out, a booking was cancelled, rejected or lapsed, a checkout was
 * abandoned, a booking moved away) give back the vehicles their entry took on the start's day.
 * The command's event ids derive from the release's, and a release already done changes nothing.
 */
export const vehiclesReleaseReactor = defineReactor<DepartureEvent>('vehicles-release', {
  PlacesReleased: async (event, platform) => {
    if (!event.data.vehicles) return;
    const found = DEPARTURE.exec(event.streamId);
    if (!found) return;
    const [, optionId, start] = found;
    const now = platform.clock.now();
    const released = await platform.commands.handle(
      vehicleDayStream(optionId, start),
      vehicleDayDecider,
      { type: 'ReleaseVehicles', ref: event.data.ref, start, why: event.data.why, now },
      { correlationId: event.metadata.correlationId, causationId: event.id, at: now.toISOString(), commandId: `${event.id}:vehicles-release` },
    );
    if (isRefusal(released)) {
      platform.log.error('vehicles could not be given back', { ref: event.data.ref, code: released.code, detail: released.detail });
      return;
    }
    await platform.awaitProjections(released.position);
  },
});
