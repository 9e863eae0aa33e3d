/** Emails are compared in any case and without surrounding blanks (spec 4.4 warn_if_booked, 4.5 access by email). */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
