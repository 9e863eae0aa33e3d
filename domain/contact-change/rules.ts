import { type Refusal, invalidInput } from '../shared/refusal';
import type { ContactField } from './events';

/** The same check as checkout's lead.phone: a number with its country code, e.g. +351 912 345 678. */
export const LEAD_PHONE_PATTERN = '^\\+[1-9][0-9 ()-]{5,24}$';

/** What a traveller asks to change: one field at a time, so each code proves exactly one thing. */
export function changeAsked(body: { email?: string; phone?: string }): { field: ContactField; value: string } | Refusal {
  const asked = (['email', 'phone'] as const).filter((field) => body[field] !== undefined);
  if (asked.length === 1) {
    const field = asked[0];
    return { field, value: (body[field] ?? '').trim() };
  }
  const none = asked.length === 0;
  return invalidInput([
    {
      reason: none ? 'required' : 'one_change_at_a_time',
      field: none ? 'email' : 'phone',
      detail: none ? 'send the new email or the new phone' : 'send either email or phone: one change at a time',
      details: { fields: ['email', 'phone'] },
    },
  ]);
}

/**
 * An address as an answer may show it: enough for the traveller to recognise where the code went,
 * too little to learn an address from a contact token: ana.lima@example.com -> a***@e***.com.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, Math.max(at, 0));
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}
