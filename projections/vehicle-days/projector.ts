import { defineProjector, type Write } from '../../application/platform/processing/projector';
import type { RecordedEvent } from '../../application/platform/ports/event-store';
import type { HandlersOf } from '../../domain/shared/decider';
import { type VehicleDayEvent, vehicleEntryKey } from '../../domain/vehicle-day';
import { VEHICLE_DAYS } from './doc';

const handlers: HandlersOf<VehicleDayEvent, RecordedEvent, Write[]> = {
  VehiclesHeld: (e) => [
    {
      collection: VEHICLE_DAYS,
      updateOne: {
        filter: { _id: e.streamId },
        update: {
          $set: {
            option_id: e.data.optionId,
            date: e.data.start.slice(0, 10),
            [`entries.${vehicleEntryKey(e.data.ref, e.data.start)}`]: { vehicles: e.data.vehicles, expiresAt: e.data.expiresAt, status: 'held' },
          },
        },
        upsert: true,
      },
    },
  ],
  VehiclesBooked: (e) => [
    {
      collection: VEHICLE_DAYS,
      updateOne: { filter: { _id: e.streamId }, update: { $set: { [`entries.${vehicleEntryKey(e.data.ref, e.data.start)}.status`]: 'booked' } } },
    },
  ],
  // Released vehicles take nothing: the entry goes, as the departures read model drops released places.
  VehiclesReleased: (e) => [
    {
      collection: VEHICLE_DAYS,
      updateOne: { filter: { _id: e.streamId }, update: { $unset: { [`entries.${vehicleEntryKey(e.data.ref, e.data.start)}`]: '' } } },
    },
  ],
};

/** Each option's vehicles taken per local day, for quotes (VehicleLimitReached before a hold decides it). */
export const vehicleDaysProjector = defineProjector<VehicleDayEvent>('vehicle-days', { [VEHICLE_DAYS]: [{ option_id: 1 }] }, handlers);
