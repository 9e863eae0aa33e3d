import { departureDecider, departureStream } from '../../domain/departure';
import { type Refusal, isRefusal } from '../../domain/shared/refusal';
import type { SellerCaller } from '../seller';
import { type CallOffDeps, sellerMetadata } from './call-off';
import { departureMessageReactor } from './reactors/departure-message';
import { checkSellersStart, realStart, sellersOption, standingRefs } from './starts';

export interface MessageBody {
  message: string;
  subject?: string | null;
}

export interface MessageAnswer {
  message_id: string;
  /** How many bookings (pending or confirmed) the message goes to, one mail each. */
  bookings: number;
}

/**
 * Staff write to every traveller of a start: the message is recorded on the departure with the
 * start's pending and confirmed bookings, and a reactor gives each booking BookingMessaged and
 * its traveller the mail, once. A start that has begun can still be written to.
 */
export async function messageStart(
  deps: CallOffDeps,
  caller: SellerCaller,
  optionId: string,
  start: string,
  body: MessageBody,
): Promise<MessageAnswer | Refusal> {
  const now = deps.clock.now();
  const found = await sellersOption(deps.docs, caller.sellerId, optionId);
  if (isRefusal(found)) return found;
  const unreal = realStart(start, found.timezone);
  if (unreal) return unreal;
  const refs = await standingRefs(deps.docs, optionId, start);
  const badStart = checkSellersStart(found.option, start, found.timezone, now);
  if (badStart?.code === 'NotFound' && refs.length === 0) return badStart;
  const messageId = deps.ids.uuid();
  const messaged = await deps.commands.handle(
    departureStream(optionId, start),
    departureDecider,
    { type: 'MessageDeparture', messageId, subject: body.subject ?? null, message: body.message, refs, now },
    sellerMetadata(caller, now),
  );
  if (isRefusal(messaged)) return messaged;
  await deps.awaitReactor(departureMessageReactor.name, messaged.position);
  return { message_id: messageId, bookings: refs.length };
}
