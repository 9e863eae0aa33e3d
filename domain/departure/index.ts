import { Decider } from '../shared/decider';
import { DepartureCommand, decideDeparture } from './decide';
import { Departure, DepartureEvent, evolveDeparture, initialDeparture } from './events';

export * from './events';
export * from './decide';
export * from './call-off';
export * from './extras';

export const departureDecider: Decider<DepartureCommand, DepartureEvent, Departure> = {
  initialState: initialDeparture,
  evolve: evolveDeparture,
  decide: decideDeparture,
  snapshot: { name: 'departure', version: 3 },
};

/** The stream of one start of one option. */
export const departureStream = (optionId: string, start: string): string => `departure-${optionId}-${start}`;
