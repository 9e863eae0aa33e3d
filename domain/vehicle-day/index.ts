import { Decider } from '../shared/decider';
import { VehicleDayCommand, decideVehicleDay } from './decide';
import { VehicleDay, VehicleDayEvent, evolveVehicleDay, initialVehicleDay } from './events';

export * from './events';
export * from './decide';
export * from './rules';

/** Vehicles counted per option per local day, across all its starts (issue 7): holds decide against it strictly. */
export const vehicleDayDecider: Decider<VehicleDayCommand, VehicleDayEvent, VehicleDay> = {
  initialState: initialVehicleDay,
  evolve: evolveVehicleDay,
  decide: decideVehicleDay,
  snapshot: { name: 'vehicle-day', version: 1 },
};

/** The stream of one option's vehicles on one local day ('YYYY-MM-DD', the start's date). */
export const vehicleDayStream = (optionId: string, start: string): string => `vehicle-day-${optionId}-${start.slice(0, 10)}`;
