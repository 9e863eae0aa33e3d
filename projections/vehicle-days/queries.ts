import type { DocumentStore } from '../../application/platform/ports/document-store';
import type { OptionDefinition } from '../../domain/catalog/definitions';
import { vehicleDayStream, vehiclesLeft } from '../../domain/vehicle-day';
import { VEHICLE_DAYS, type VehicleDayDoc } from './doc';

export type { VehicleDayDoc } from './doc';

/** Vehicles left per option and day, read from the vehicle days projection. */
export class VehicleDayReads {
  constructor(private readonly docs: DocumentStore) {}

  /** Vehicles left on the day of `start` at `now`; null when the option has no daily limit (nothing is read then). */
  async leftOn(option: OptionDefinition, start: string, now: Date): Promise<number | null> {
    const limit = option.vehicle ? option.vehicles?.daily_limit : null;
    if (!limit) return null;
    const doc = await this.docs.collection<VehicleDayDoc>(VEHICLE_DAYS).findOne({ _id: vehicleDayStream(option.id, start) });
    return vehiclesLeft(doc?.entries, limit.count, now);
  }
}
