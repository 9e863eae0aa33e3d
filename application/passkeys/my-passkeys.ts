import { passkeyDecider, passkeyStream } from '../../domain/passkey';
import { type Refusal, isRefusal } from '../../domain/shared/refusal';
import { type PasskeyDoc, activePasskeys } from '../../projections/passkeys/queries';
import type { StorefrontContext } from '../platform/context';
import { requireTraveller } from '../traveller-account';
import { type PasskeyDeps, metadata } from './ceremony';

/** A passkey as its owner sees it: never its key or credential id. */
export interface PasskeyView {
  id: string;
  name: string | null;
  /** Synced between the traveller's devices (WebAuthn backup state). */
  synced: boolean;
  created_at: string;
  last_used_at: string | null;
}

export const passkeyView = (doc: Readonly<PasskeyDoc>): PasskeyView => ({
  id: doc._id,
  name: doc.name,
  synced: doc.backed_up,
  created_at: doc.created_at,
  last_used_at: doc.last_used_at,
});

/** The signed-in traveller's passkeys on this storefront, newest first. */
export async function myPasskeys(deps: PasskeyDeps, caller: StorefrontContext): Promise<{ data: PasskeyView[] } | Refusal> {
  const traveller = requireTraveller(caller);
  if (isRefusal(traveller)) return traveller;
  const docs = await activePasskeys(deps.docs, caller.storefront._id, traveller.email);
  return { data: docs.map(passkeyView) };
}

/** Takes one of the signed-in traveller's passkeys off their account; anyone else's answers 404 like an unknown id. */
export async function removePasskey(deps: PasskeyDeps, caller: StorefrontContext, passkeyId: string): Promise<{ id: string; removed: true } | Refusal> {
  const traveller = requireTraveller(caller);
  if (isRefusal(traveller)) return traveller;
  const handled = await deps.commands.handle(
    passkeyStream(passkeyId),
    passkeyDecider,
    { type: 'RemovePasskey', storefrontId: caller.storefront._id, email: traveller.email, now: deps.clock.now().toISOString() },
    metadata(deps, caller),
  );
  if (isRefusal(handled)) return handled;
  await deps.awaitProjections(handled.position);
  return { id: passkeyId, removed: true };
}
