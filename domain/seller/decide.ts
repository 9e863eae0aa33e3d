import { assertNever } from '../shared/decider';
import { Refusal, conflict, invalidInput, notFound } from '../shared/refusal';
import type { SellerDefinition } from '../catalog/definitions';
import { sellerProblems } from '../catalog/validate';
import type { Seller, SellerEvent } from './events';

export type CreateSeller = { type: 'CreateSeller'; sellerId: string; definition: SellerDefinition };
export type IssueSecretKey = { type: 'IssueSecretKey'; keyId: string; keyHash: string; scopes: string[]; name?: string; createdBy?: string };
export type RevokeSecretKey = { type: 'RevokeSecretKey'; keyId: string };
/** Platform commands: staff, never the seller, decide that a seller needs attention (spec 4.2). */
export type FlagSellerForAttention = { type: 'FlagSellerForAttention'; reason: string };
export type ClearSellerAttention = { type: 'ClearSellerAttention' };

/** Platform commands: the platform's staff suspend a seller and reinstate it; repeating either changes nothing. */
export type SuspendSeller = { type: 'SuspendSeller'; reason: string; now: Date };
export type ReinstateSeller = { type: 'ReinstateSeller'; now: Date };

export type SellerCommand = CreateSeller | IssueSecretKey | RevokeSecretKey | FlagSellerForAttention | ClearSellerAttention | SuspendSeller | ReinstateSeller;

function createSeller(command: CreateSeller, state: Seller): SellerEvent[] | Refusal {
  if (state.sellerId) return conflict('seller_exists', 'the seller exists already');
  const problems = sellerProblems(command.definition);
  if (problems.length > 0) return invalidInput(problems);
  return [{ type: 'SellerCreated', data: { sellerId: command.sellerId, definition: command.definition } }];
}

function issueSecretKey(command: IssueSecretKey, state: Seller): SellerEvent[] | Refusal {
  if (!state.sellerId) return notFound('seller');
  const { keyId, keyHash, scopes, name, createdBy } = command;
  const named = name === undefined ? {} : { name };
  const creator = createdBy === undefined ? {} : { createdBy };
  return [{ type: 'SecretKeyIssued', data: { sellerId: state.sellerId, keyId, keyHash, scopes, ...named, ...creator } }];
}

function revokeSecretKey(command: RevokeSecretKey, state: Seller): SellerEvent[] | Refusal {
  if (!state.sellerId || !state.keys.includes(command.keyId)) return notFound('key');
  return [{ type: 'SecretKeyRevoked', data: { sellerId: state.sellerId, keyId: command.keyId } }];
}

/** Flagging a flagged seller changes nothing, so staff may repeat it safely. */
function flagSellerForAttention(command: FlagSellerForAttention, state: Seller): SellerEvent[] | Refusal {
  if (!state.sellerId) return notFound('seller');
  if (state.needsAttention) return [];
  return [{ type: 'SellerFlaggedForAttention', data: { sellerId: state.sellerId, reason: command.reason } }];
}

function clearSellerAttention(state: Seller): SellerEvent[] | Refusal {
  if (!state.sellerId) return notFound('seller');
  return state.needsAttention ? [{ type: 'SellerAttentionCleared', data: { sellerId: state.sellerId } }] : [];
}

function suspendSeller(command: SuspendSeller, state: Seller): SellerEvent[] | Refusal {
  if (!state.sellerId) return notFound('seller');
  if (state.suspended) return [];
  return [{ type: 'SellerSuspended', data: { sellerId: state.sellerId, reason: command.reason, at: command.now.toISOString() } }];
}

function reinstateSeller(command: ReinstateSeller, state: Seller): SellerEvent[] | Refusal {
  if (!state.sellerId) return notFound('seller');
  return state.suspended ? [{ type: 'SellerReinstated', data: { sellerId: state.sellerId, at: command.now.toISOString() } }] : [];
}

export function decideSeller(command: SellerCommand, state: Seller): SellerEvent[] | Refusal {
  switch (command.type) {
    case 'CreateSeller':
      return createSeller(command, state);
    case 'IssueSecretKey':
      return issueSecretKey(command, state);
    case 'RevokeSecretKey':
      return revokeSecretKey(command, state);
    case 'FlagSellerForAttention':
      return flagSellerForAttention(command, state);
    case 'ClearSellerAttention':
      return clearSellerAttention(state);
    case 'SuspendSeller':
      return suspendSeller(command, state);
    case 'ReinstateSeller':
      return reinstateSeller(command, state);
    default:
      return assertNever(command);
  }
}
