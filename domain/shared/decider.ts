import { Refusal } from './refusal';

export interface DomainEvent {
  type: string;
  data: object;
}

/** A named event: a stable type string and its camelCase payload (STYLE.md). */
export type Event<Type extends string, Data extends object> = { type: Type; data: Data };

/** `E` as read back from a log whose records look like `R`: the record's own fields with E's type and payload. */
export type Recorded<E extends DomainEvent, R> = E extends DomainEvent ? Omit<R, 'type' | 'data'> & E : never;

/** Event type -> a handler of that event as recorded: what projectors (and reactors) are typed by. */
export type HandlersOf<E extends DomainEvent, R, Out> = { [T in E['type']]?: (event: Recorded<Extract<E, { type: T }>, R>) => Out };

/** An aggregate as three pure functions (Emmett's decider shape). */
export interface Decider<C, E extends DomainEvent, S> {
  initialState(): S;
  evolve(state: S, event: E): S;
  decide(command: C, state: S): E[] | Refusal;
  /** Names the state for snapshots; bump `version` whenever the state's shape or evolve changes. */
  snapshot?: { name: string; version: number };
}

/** Compile-time exhaustiveness for `switch` over commands. */
export function assertNever(value: never): never {
  throw new Error(`unhandled command ${JSON.stringify(value)}`);
}
