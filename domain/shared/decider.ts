import { Refusal } from './refusal';

export interface DomainEvent {
  type: string;
  data: object;
}

/** An aggregate as three pure functions (Emmett's decider shape). */
export interface Decider<C, E extends DomainEvent, S> {
  initialState(): S;
  evolve(state: S, event: E): S;
  decide(command: C, state: S): E[] | Refusal;
}

/** Compile-time exhaustiveness for `switch` over commands. */
export function assertNever(value: never): never {
  throw new Error(`unhandled command ${JSON.stringify(value)}`);
}
