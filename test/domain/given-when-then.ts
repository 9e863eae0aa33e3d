import { expect } from 'chai';
import type { Decider, DomainEvent } from '../../domain/shared/decider';
import { isRefusal, Refusal, RefusalCode } from '../../domain/shared/refusal';

/**
 * Given/when/then for deciders (STYLE.md): the past is a list of events folded with
 * `evolve`, the command is decided against that state, and the outcome is either the
 * events to append, a refusal (its spec code and extra fields) or nothing.
 */
export interface Outcome<E> {
  /** The raw decision, for assertions the helpers below do not cover. */
  readonly result: E[] | Refusal;
  /** Exactly these events, deep-equal and in order. Returns them. */
  then(expected: E[]): E[];
  /** A refusal with this code; `fields`, when given, must be included (deeply) in its extra fields. */
  thenRefused(code: RefusalCode, fields?: Record<string, unknown>): Refusal;
  /** Accepted, and nothing to append (a repeat, or nothing to do). */
  thenNothing(): void;
}

export interface Given<C, E, S> {
  readonly state: S;
  when(command: C): Outcome<E>;
}

export function given<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, events: E[] = []): Given<C, E, S> {
  const state = events.reduce((s, e) => decider.evolve(s, e), decider.initialState());
  return {
    state,
    when(command: C): Outcome<E> {
      const result = decider.decide(command, state);
      const accepted = (): E[] => {
        if (isRefusal(result)) {
          expect.fail(`expected events, got refusal ${result.code} (${result.detail}) ${JSON.stringify(result.fields)}`);
        }
        return result as E[];
      };
      return {
        result,
        then(expected: E[]): E[] {
          const events = accepted();
          expect(events).to.deep.equal(expected);
          return events;
        },
        thenRefused(code: RefusalCode, fields?: Record<string, unknown>): Refusal {
          if (!isRefusal(result)) expect.fail(`expected refusal ${code}, got events ${JSON.stringify(result)}`);
          const refusal = result as Refusal;
          expect(refusal.code, `refusal code (${refusal.detail})`).to.equal(code);
          if (fields) expect(refusal.fields).to.deep.include(fields);
          return refusal;
        },
        thenNothing(): void {
          expect(accepted()).to.deep.equal([]);
        },
      };
    },
  };
}

/** Folds events into a state with a decider's own evolve. */
export function fold<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, events: E[]): S {
  return events.reduce((s, e) => decider.evolve(s, e), decider.initialState());
}
