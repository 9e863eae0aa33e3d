import {
  EnquiryReceivedData,
  LAST_ZONE,
  enquiryDecider,
  enquiryProblems,
  enquiryReference,
  enquiryStream,
  senderLimitDecider,
  senderLimitStream,
  todayIn,
} from '../../domain/enquiry';
import { Refusal, invalidInput, isRefusal, notFound } from '../../domain/shared/refusal';
import { visibleProducts, type ProductDoc } from '../../projections/catalog/queries';
import type { StorefrontContext, StorefrontDoc } from '../platform/context';
import type { EventMetadata } from '../platform/ports/event-store';
import { secretHash } from '../platform/secrets';
import type { EnquiryPlatform } from './deps';
import type { EnquiryBody, EnquiryReceipt } from './types';

type ReceiveDeps = Pick<EnquiryPlatform, 'catalog' | 'commands' | 'clock' | 'ids' | 'awaitProjections'>;

/** A reference drawn twice is refused by its stream; this many draws in a row is a broken random source. */
const REFERENCE_DRAWS = 5;

const blankToNull = (value: string | undefined): string | null => (value === undefined || value.trim() === '' ? null : value.trim());

/** Who answers: a trip question goes to the trip's seller; the rest to the storefront's operator (a marketplace's: the seller that runs it). */
function answeredBy(storefront: StorefrontDoc, product: Readonly<ProductDoc> | null): string | null {
  if (product) return product.seller_id;
  return storefront.kind === 'direct' ? storefront.seller_id : (storefront.operator_seller_id ?? null);
}

/**
 * Spec 4.7: keeps an enquiry for the seller who answers it. A filled-in bot trap answers the same
 * 202 and keeps nothing; each other POST is a new enquiry, at most 10 an hour from one client
 * address on one storefront (counted in the log, so the count outlives a restart).
 */
export async function receiveEnquiry(deps: ReceiveDeps, ctx: StorefrontContext, body: EnquiryBody, clientAddress: string): Promise<EnquiryReceipt | Refusal> {
  if (blankToNull(body.website) !== null) return { received: true, id: null, reference: null };
  const now = deps.clock.now();
  const { storefront } = ctx;
  let product: Readonly<ProductDoc> | null = null;
  if (body.kind === 'product' && body.product_id) {
    [product = null] = await deps.catalog.productsOf({ ...visibleProducts(storefront), _id: body.product_id });
    if (!product) return notFound('product');
  }
  const travellers = body.travellers
    ? { adults: body.travellers.adults ?? 0, children: body.travellers.children ?? 0, infants: body.travellers.infants ?? 0 }
    : null;
  const problems = enquiryProblems({
    kind: body.kind,
    productId: body.product_id ?? null,
    dateFrom: body.date_from ?? null,
    dateTo: body.date_to ?? null,
    travellers,
    today: todayIn(product?.definition.timezone ?? LAST_ZONE, now),
  });
  if (problems.length > 0) return invalidInput(problems);

  const metadata: EventMetadata = { correlationId: ctx.correlationId, causationId: ctx.correlationId, storefrontId: storefront._id, at: now.toISOString() };
  const admitted = await deps.commands.handle(
    senderLimitStream(secretHash(`${storefront._id}|${clientAddress}`)),
    senderLimitDecider,
    { type: 'AdmitEnquiry', now },
    metadata,
  );
  if (isRefusal(admitted)) return admitted;

  const enquiry: Omit<EnquiryReceivedData, 'reference'> = {
    enquiryId: deps.ids.uuid(),
    storefrontId: storefront._id,
    sellerId: answeredBy(storefront, product),
    kind: body.kind,
    productId: product?._id ?? null,
    tripTitle: product ? product.definition.content[product.definition.default_locale].title : null,
    name: body.name.trim(),
    email: body.email.trim(),
    phone: blankToNull(body.phone),
    message: body.message.trim(),
    dateFrom: body.date_from ?? null,
    dateTo: body.date_to ?? null,
    travellers,
    specialNeeds: blankToNull(body.special_needs),
    interests: body.interests ?? [],
    locale: body.locale ?? null,
    receivedAt: now.toISOString(),
  };
  for (let draw = 0; draw < REFERENCE_DRAWS; draw++) {
    // The Ids port's tokens carry 192 random bits: the reference takes five bytes of one.
    const reference = enquiryReference(Buffer.from(deps.ids.token(), 'base64url'));
    const kept = await deps.commands.handle(enquiryStream(reference), enquiryDecider, { type: 'ReceiveEnquiry', enquiry: { ...enquiry, reference } }, metadata);
    if (isRefusal(kept) && kept.code === 'Conflict') continue;
    if (isRefusal(kept)) return kept;
    await deps.awaitProjections(kept.position);
    return { received: true, id: enquiry.enquiryId, reference };
  }
  throw new Error(`no free enquiry reference in ${REFERENCE_DRAWS} draws`);
}
