import { Decider } from '../shared/decider';
import { EnquiryCommand, decideEnquiry } from './decide';
import { Enquiry, EnquiryEvent, evolveEnquiry, initialEnquiry } from './events';

export * from './events';
export * from './decide';
export * from './rules';
export * from './sender-limit';

export const enquiryDecider: Decider<EnquiryCommand, EnquiryEvent, Enquiry> = {
  initialState: initialEnquiry,
  evolve: evolveEnquiry,
  decide: decideEnquiry,
};

/** One enquiry and the offers that answer it, named by its reference (EQ-XXXXX), which the stream keeps unique. */
export const enquiryStream = (reference: string): string => `enquiry-${reference}`;
