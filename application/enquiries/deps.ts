import { EnquiryReads } from '../../projections/enquiries/queries';
import { sellingPlatform, type SellingPlatform } from '../availability';
import type { Platform } from '../platform/platform';

/** The selling platform (offers are priced as quotes are) with the enquiries read model. */
export type EnquiryPlatform = SellingPlatform & { enquiries: EnquiryReads };

export function enquiryPlatform(platform: Platform): EnquiryPlatform {
  return { ...sellingPlatform(platform), enquiries: new EnquiryReads(platform.docs) };
}
