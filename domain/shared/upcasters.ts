import { bookingUpcasters } from '../booking/upcast';
import { paymentUpcasters } from '../payment/upcast';
import { combineUpcasters } from './upcast';

/** Every aggregate's upcasters: what the event store's readers apply to every event they read. */
export const eventUpcasters = combineUpcasters(bookingUpcasters, paymentUpcasters);
