/** Traveller sign-in (spec 4.6, 5.6): sessions, sign-in links and the limits on asking for them. */
export * from './events';
export * from './session';
export * from './sign-in-link';
export * from './sign-in-limits';
export * from './manage-page';
