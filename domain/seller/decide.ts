import { assertNever } from '../shared/decider';
import { Refusal, conflict, notFound } from '../shared/refusal';
import type { SellerDefinition } from '../catalog/definitions';
import type { Seller, SellerEvent } from './events';

export type CreateSeller = { type: 'CreateSeller'; sellerId: string; definition: SellerDefinition };
export type IssueSecretKey = { type: 'IssueSecretKey'; keyId: string; keyHash: string; scopes: string[] };
export type RevokeSecretKey = { type: 'RevokeSecretKey'; keyId: string };

export type SellerCommand = CreateSeller | IssueSecretKey | RevokeSecretKey;

function createSeller(command: CreateSeller, state: Seller): SellerEvent[] | Refusal {
  if (state.sellerId) return conflict('seller_exists', 'the seller exists already');
  return [{ type: 'SellerCreated', data: { sellerId: command.sellerId, definition: command.definition } }];
}

function issueSecretKey(command: IssueSecretKey, state: Seller): SellerEvent[] | Refusal {
  if (!state.sellerId) return notFound('seller');
  return [{ type: 'SecretKeyIssued', data: { sellerId: state.sellerId, keyId: command.keyId, keyHash: command.keyHash, scopes: command.scopes } }];
}

function revokeSecretKey(command: RevokeSecretKey, state: Seller): SellerEvent[] | Refusal {
  if (!state.sellerId || !state.keys.includes(command.keyId)) return notFound('key');
  return [{ type: 'SecretKeyRevoked', data: { sellerId: state.sellerId, keyId: command.keyId } }];
}

export function decideSeller(command: SellerCommand, state: Seller): SellerEvent[] | Refusal {
  switch (command.type) {
    case 'CreateSeller':
      return createSeller(command, state);
    case 'IssueSecretKey':
      return issueSecretKey(command, state);
    case 'RevokeSecretKey':
      return revokeSecretKey(command, state);
    default:
      return assertNever(command);
  }
}
