import {
  type ContactChangeApplied,
  type ContactField,
  changeAsked,
  confirmationAnswer,
  contactChangeDecider,
  contactStream,
  maskEmail,
} from '../../domain/contact-change';
import { type Refusal, isRefusal } from '../../domain/shared/refusal';
import type { StorefrontContext } from '../platform/context';
import type { EventMetadata } from '../platform/ports/event-store';
import type { Platform } from '../platform/platform';
import { openWithContactToken } from './access';
import { codeHash, codeMatches, newCode, sealCode } from './code';

type Deps = Pick<Platform, 'commands' | 'clock' | 'ids' | 'settings' | 'awaitProjections'>;

export interface ContactChangeRequest {
  email?: string;
  phone?: string;
}

/** The answer to asking for a change: the code is on its way to `sent_to` (masked). */
export interface ContactChangeAsked {
  id: string;
  field: ContactField;
  expires_at: string;
  sent_to: string;
}

const metadataOf = (ctx: StorefrontContext, now: Date): EventMetadata => ({
  correlationId: ctx.correlationId,
  causationId: ctx.correlationId,
  storefrontId: ctx.storefront._id,
  at: now.toISOString(),
});

/**
 * Spec 4.5: asks for the lead's email or phone to be fixed. The code is drawn here and recorded
 * only hashed and sealed; the mail leaves from a reactor after the append, never in the request.
 */
export async function requestContactChange(
  deps: Deps,
  ctx: StorefrontContext,
  ref: string,
  tokens: (string | undefined)[],
  request: ContactChangeRequest,
): Promise<ContactChangeAsked | Refusal> {
  const booking = await openWithContactToken(deps, ctx, ref, tokens);
  if (isRefusal(booking)) return booking;
  const asked = changeAsked(request);
  if (isRefusal(asked)) return asked;
  const now = deps.clock.now();
  const changeId = deps.ids.uuid();
  const code = newCode();
  const secret = deps.settings.contactCodeSecretKey;
  const { placed, status } = booking;
  const handled = await deps.commands.handle(
    contactStream(ref),
    contactChangeDecider,
    {
      type: 'RequestContactChange',
      ref,
      changeId,
      ...asked,
      booking: { status, placedAt: placed.placedAt, leadEmail: placed.lead.email, locale: placed.locale },
      emailFixMinutes: deps.settings.contactEmailChangeMinutes,
      codeHash: codeHash(secret, changeId, code),
      sealedCode: sealCode(secret, code),
      now: now.toISOString(),
    },
    metadataOf(ctx, now),
  );
  if (isRefusal(handled)) return handled;
  const requested = handled.events[0].data;
  if (!('sendTo' in requested)) throw new Error(`contact change ${changeId} was not requested`);
  return { id: changeId, field: requested.field, expires_at: requested.expiresAt, sent_to: maskEmail(requested.sendTo) };
}

/**
 * Spec 4.5: the emailed code applies the change. The code is checked here, in constant time,
 * against the change's digest; the decider records a wrong one (they are limited) and applies a
 * right one once: the same code again answers the same result and appends nothing.
 */
export async function confirmContactChange(
  deps: Deps,
  ctx: StorefrontContext,
  ref: string,
  tokens: (string | undefined)[],
  changeId: string,
  code: string,
): Promise<ContactChangeApplied | Refusal> {
  const booking = await openWithContactToken(deps, ctx, ref, tokens);
  if (isRefusal(booking)) return booking;
  const stream = contactStream(ref);
  const { state } = await deps.commands.load(stream, contactChangeDecider);
  const change = state.changes[changeId];
  const secret = deps.settings.contactCodeSecretKey;
  const now = deps.clock.now();
  const handled = await deps.commands.handle(
    stream,
    contactChangeDecider,
    {
      type: 'ConfirmContactChange',
      ref,
      changeId,
      codeMatches: change !== undefined && codeMatches(secret, changeId, code, change.codeHash),
      now: now.toISOString(),
    },
    metadataOf(ctx, now),
  );
  if (isRefusal(handled)) return handled;
  // Read-your-writes: once answered, the new email opens the booking and the old one does not.
  await deps.awaitProjections(handled.position);
  return confirmationAnswer(handled.state, changeId);
}
