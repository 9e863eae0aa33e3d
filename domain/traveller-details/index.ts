import { Decider } from '../shared/decider';
import { TravellerDetailsCommand, decideTravellerDetails } from './decide';
import { TravellerDetails, TravellerDetailsEvent, evolveTravellerDetails, initialTravellerDetails } from './events';

export * from './events';
export * from './decide';
export * from './form';
export * from './link';

/** The traveller details of one booking given after checkout (spec 4.5), and the links each traveller fills in their own with. */
export const travellerDetailsDecider: Decider<TravellerDetailsCommand, TravellerDetailsEvent, TravellerDetails> = {
  initialState: initialTravellerDetails,
  evolve: evolveTravellerDetails,
  decide: decideTravellerDetails,
};

export const travellerDetailsStream = (ref: string): string => `travellers-${ref}`;
