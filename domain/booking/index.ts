import { Decider } from '../shared/decider';
import { BookingCommand, decideBooking } from './decide';
import { Booking, BookingEvent, evolveBooking, initialBooking } from './events';

export * from './events';
export * from './decide';

export const bookingDecider: Decider<BookingCommand, BookingEvent, Booking> = {
  initialState: initialBooking,
  evolve: evolveBooking,
  decide: decideBooking,
};

export const bookingStream = (ref: string): string => `booking-${ref}`;
