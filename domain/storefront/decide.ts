import { assertNever } from '../shared/decider';
import { Refusal, conflict, invalidInput, notFound } from '../shared/refusal';
import type { StorefrontDefinition } from '../catalog/definitions';
import { storefrontProblems } from '../catalog/validate';
import type { Storefront, StorefrontEvent } from './events';

export type CreateStorefront = { type: 'CreateStorefront'; storefrontId: string; definition: StorefrontDefinition };
export type UpdateStorefront = { type: 'UpdateStorefront'; definition: StorefrontDefinition };
export type IssueWebsiteKey = { type: 'IssueWebsiteKey'; keyId: string; keyHash: string };

export type StorefrontCommand = CreateStorefront | UpdateStorefront | IssueWebsiteKey;

function createStorefront(command: CreateStorefront, state: Storefront): StorefrontEvent[] | Refusal {
  if (state.storefrontId) return conflict('storefront_exists', 'the storefront exists already');
  const problems = storefrontProblems(command.definition);
  if (problems.length > 0) return invalidInput(problems);
  return [{ type: 'StorefrontCreated', data: { storefrontId: command.storefrontId, definition: command.definition } }];
}

function updateStorefront(command: UpdateStorefront, state: Storefront): StorefrontEvent[] | Refusal {
  if (!state.storefrontId) return notFound('storefront');
  const problems = storefrontProblems(command.definition);
  if (problems.length > 0) return invalidInput(problems);
  return [{ type: 'StorefrontUpdated', data: { storefrontId: state.storefrontId, definition: command.definition } }];
}

function issueWebsiteKey(command: IssueWebsiteKey, state: Storefront): StorefrontEvent[] | Refusal {
  if (!state.storefrontId) return notFound('storefront');
  return [{ type: 'WebsiteKeyIssued', data: { storefrontId: state.storefrontId, keyId: command.keyId, keyHash: command.keyHash } }];
}

export function decideStorefront(command: StorefrontCommand, state: Storefront): StorefrontEvent[] | Refusal {
  switch (command.type) {
    case 'CreateStorefront':
      return createStorefront(command, state);
    case 'UpdateStorefront':
      return updateStorefront(command, state);
    case 'IssueWebsiteKey':
      return issueWebsiteKey(command, state);
    default:
      return assertNever(command);
  }
}
