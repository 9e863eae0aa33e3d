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

  /** Local dates from `from` to `to` (YYYY-MM-DD) with no vehicle left at `now`; none when the option has no daily limit. */
  async daysWithout(option: OptionDefinition, from: string, to: string, now: Date): Promise<Set<string>> {
    const limit = option.vehicle ? option.vehicles?.daily_limit : null;
    if (!limit) return new Set();
    const docs = await this.docs.collection<VehicleDayDoc>(VEHICLE_DAYS).find({ option_id: option.id, date: { $gte: from, $lte: to } });
    return new Set(docs.filter((d) => vehiclesLeft(d.entries, limit.count, now) === 0).map((d) => d.date));
  }
}
