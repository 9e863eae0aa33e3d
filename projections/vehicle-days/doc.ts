import type { Doc } from '../../application/platform/ports/document-store';
import type { VehicleEntry } from '../../domain/vehicle-day';

/** The vehicle days read model's collection: one document per option and local day (its stream id). */
export const VEHICLE_DAYS = 'vehicle_days';

export interface VehicleDayDoc extends Doc {
  option_id: string;
  date: string;
  /** Live holds and bookings by vehicleEntryKey (ref and start); released ones are dropped. */
  entries: Record<string, VehicleEntry>;
}
