import type { SellerDefinition } from '../catalog/definitions';

/** What a seller promises when its definition names no hours: the longest a booking request waits (48 h) and a day for messages. */
export const DEFAULT_ANSWER_HOURS = 48;
export const DEFAULT_REPLY_HOURS = 24;

/** Hours within which the seller answers a booking request it confirms by hand. */
export const answerHours = (seller: Pick<SellerDefinition, 'answer_hours'>): number => seller.answer_hours ?? DEFAULT_ANSWER_HOURS;

/** Hours within which the seller replies to a traveller's message or enquiry. */
export const replyHours = (seller: Pick<SellerDefinition, 'reply_hours'>): number => seller.reply_hours ?? DEFAULT_REPLY_HOURS;
