import { assertNever } from '../shared/decider';
import { Refusal, conflict, invalidInput, notFound } from '../shared/refusal';
import type { StorefrontDefinition } from '../catalog/definitions';
import { storefrontProblems } from '../catalog/validate';
import type { Storefront, StorefrontEvent } from './events';

export type CreateStorefront = { type: 'CreateStorefront'; storefrontId: string; definition: StorefrontDefinition };
export type UpdateStorefront = { type: 'UpdateStorefront'; definition: StorefrontDefinition };
export type IssueWebsiteKey = { type: 'IssueWebsiteKey'; keyId: string; keyHash: string };
/** `now` decides whether the old key is still working; `retiresAt` is when it stops. */
export type RotateWebsiteKey = { type: 'RotateWebsiteKey'; keyId: string; newKeyId: string; newKeyHash: string; now: string; retiresAt: string };
export type RevokeWebsiteKey = { type: 'RevokeWebsiteKey'; keyId: string };
export type SetAllowedOrigins = { type: 'SetAllowedOrigins'; allowedOrigins: string[] };
/** The site's page where travellers manage a booking: the links in the traveller's mails open it. */
export type SetManagePage = { type: 'SetManagePage'; manageUrl: string | null };

/** A member seller leaves a marketplace (its own decision); leaving again changes nothing. */
export type LeaveMarketplace = { type: 'LeaveMarketplace'; sellerId: string; now: Date };

export type StorefrontCommand =
  CreateStorefront | UpdateStorefront | IssueWebsiteKey | RotateWebsiteKey | RevokeWebsiteKey | SetAllowedOrigins | SetManagePage | LeaveMarketplace;

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

/** Only a current key is rotated: a key already replaced keeps its grace and is revoked, not rotated again. */
function rotateWebsiteKey(command: RotateWebsiteKey, state: Storefront): StorefrontEvent[] | Refusal {
  const key = state.websiteKeys[command.keyId];
  if (!state.storefrontId || !key || (key.retiresAt !== null && key.retiresAt <= command.now)) return notFound('website_key');
  if (key.retiresAt !== null) return conflict('key_rotated', 'this key was rotated already: rotate the key that replaced it', { retires_at: key.retiresAt });
  const storefrontId = state.storefrontId;
  return [
    { type: 'WebsiteKeyIssued', data: { storefrontId, keyId: command.newKeyId, keyHash: command.newKeyHash } },
    { type: 'WebsiteKeyRetiring', data: { storefrontId, keyId: command.keyId, retiresAt: command.retiresAt } },
  ];
}

function revokeWebsiteKey(command: RevokeWebsiteKey, state: Storefront): StorefrontEvent[] | Refusal {
  if (!state.storefrontId || !state.websiteKeys[command.keyId]) return notFound('website_key');
  return [{ type: 'WebsiteKeyRevoked', data: { storefrontId: state.storefrontId, keyId: command.keyId } }];
}

function setAllowedOrigins(command: SetAllowedOrigins, state: Storefront): StorefrontEvent[] | Refusal {
  if (!state.storefrontId || !state.definition) return notFound('storefront');
  return updateStorefront({ type: 'UpdateStorefront', definition: { ...state.definition, allowed_origins: command.allowedOrigins } }, state);
}

function setManagePage(command: SetManagePage, state: Storefront): StorefrontEvent[] | Refusal {
  if (!state.storefrontId || !state.definition) return notFound('storefront');
  return updateStorefront({ type: 'UpdateStorefront', definition: { ...state.definition, manage_url: command.manageUrl } }, state);
}

function leaveMarketplace(command: LeaveMarketplace, state: Storefront): StorefrontEvent[] | Refusal {
  if (!state.storefrontId || !state.definition || state.definition.kind !== 'marketplace') return notFound('storefront');
  if (!state.definition.member_seller_ids.includes(command.sellerId)) return [];
  return [{ type: 'SellerLeftMarketplace', data: { storefrontId: state.storefrontId, sellerId: command.sellerId, at: command.now.toISOString() } }];
}

export function decideStorefront(command: StorefrontCommand, state: Storefront): StorefrontEvent[] | Refusal {
  switch (command.type) {
    case 'CreateStorefront':
      return createStorefront(command, state);
    case 'UpdateStorefront':
      return updateStorefront(command, state);
    case 'IssueWebsiteKey':
      return issueWebsiteKey(command, state);
    case 'RotateWebsiteKey':
      return rotateWebsiteKey(command, state);
    case 'RevokeWebsiteKey':
      return revokeWebsiteKey(command, state);
    case 'SetAllowedOrigins':
      return setAllowedOrigins(command, state);
    case 'SetManagePage':
      return setManagePage(command, state);
    case 'LeaveMarketplace':
      return leaveMarketplace(command, state);
    default:
      return assertNever(command);
  }
}
