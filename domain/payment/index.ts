import { Decider } from '../shared/decider';
import { PaymentCommand, decidePayment } from './decide';
import { Payment, PaymentEvent, evolvePayment, initialPayment } from './events';

export * from './events';
export * from './decide';
export * from './received';
export * from './receipt';
export * from './link';

/** Money in and out of one booking. */
export const paymentDecider: Decider<PaymentCommand, PaymentEvent, Payment> = {
  initialState: initialPayment,
  evolve: evolvePayment,
  decide: decidePayment,
};

export const paymentStream = (ref: string): string => `payment-${ref}`;
