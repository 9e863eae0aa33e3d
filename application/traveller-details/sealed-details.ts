import type { Decider } from '../../domain/shared/decider';
import { isRefusal } from '../../domain/shared/refusal';
import { type TravellerDetails, type TravellerDetailsCommand, type TravellerDetailsEvent, travellerDetailsDecider } from '../../domain/traveller-details';
import { openSensitive, sealSensitive } from '../booking';

type Saved = { ref: string; position: number; details: Record<string, string>; sealed?: string };

const savedContext = (ref: string, position: number): string => `${ref}#${position}`;

/** One traveller's details as a TravellerDetailsSaved was given them: identity numbers opened (spec 4.5 keeps them sealed at rest). */
export const openSaved = (sealingKey: string, data: Saved): Record<string, string> =>
  openSensitive(sealingKey, savedContext(data.ref, data.position), data.details, data.sealed);

type TravellersDecider = Decider<TravellerDetailsCommand, TravellerDetailsEvent, TravellerDetails>;
const sealedDeciders = new Map<string, TravellersDecider>();

/**
 * The traveller-details decider as the application uses it: the details it decides to save are
 * sealed before they are appended, and opened as the stream is folded, so decisions (the same
 * details again change nothing) and answers see them as given. One per sealing key, so its states
 * stay cached.
 */
export function sealedTravellerDetailsDecider(sealingKey: string): TravellersDecider {
  const known = sealedDeciders.get(sealingKey);
  if (known) return known;
  const decider: TravellersDecider = {
    initialState: travellerDetailsDecider.initialState,
    evolve: (state, event) => {
      if (event.type !== 'TravellerDetailsSaved') return travellerDetailsDecider.evolve(state, event);
      const { sealed: _sealed, ...data } = event.data;
      return travellerDetailsDecider.evolve(state, { ...event, data: { ...data, details: openSaved(sealingKey, event.data) } });
    },
    decide: (command, state) => {
      const decided = travellerDetailsDecider.decide(command, state);
      if (isRefusal(decided)) return decided;
      return decided.map((e) =>
        e.type === 'TravellerDetailsSaved'
          ? { ...e, data: { ...e.data, ...sealSensitive(sealingKey, savedContext(e.data.ref, e.data.position), e.data.details) } }
          : e,
      );
    },
  };
  sealedDeciders.set(sealingKey, decider);
  return decider;
}
