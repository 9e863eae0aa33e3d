import type { Platform } from './platform';
import type { Job } from './processing/job';
import type { Projector } from './processing/projector';
import type { Reactor } from './processing/reactor';

/**
 * One feature of the service, registered with one object: its read models, reactors, jobs and
 * the use cases it offers. The composition root iterates the features; HTTP operations live in
 * their surface's feature file (http/public/<feature>.ts, http/seller/<feature>.ts), since the
 * application layer does not see HTTP.
 */
export interface Feature<Name extends string = string, UseCases = unknown> {
  readonly name: Name;
  readonly projectors?: readonly Projector[];
  readonly reactors?: readonly Reactor[];
  readonly jobs?: readonly Job[];
  create(platform: Platform): UseCases;
}

export function defineFeature<Name extends string, UseCases>(feature: Feature<Name, UseCases>): Feature<Name, UseCases> {
  return feature;
}
