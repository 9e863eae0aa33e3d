/** The problem document's schema (spec part 7), derived from the one error-code registry. */
import { ERROR_CODES } from '../../domain/shared/error-codes';
import { described, object, text } from './answer-schema';
import { Schema, int } from './schema';

const InputProblem = object(
  {
    reason: described(text, 'snake_case, e.g. param_values, cursor_not_this_list, required, invalid_value'),
    field: described(text, 'The parameter, header or body field, as sent (e.g. lead.email, units[0].qty)'),
    detail: described(text, 'What is wrong and what is expected, for people'),
    details: described({ type: ['object', 'null'] }, 'More about the problem (param_values: param, allowed, given), or null'),
  },
  {},
);

const members: Record<string, Schema> = {};
for (const spec of Object.values(ERROR_CODES)) {
  for (const name of Object.keys(spec.fields)) members[name] ??= {};
}

const Problem = object(
  {
    type: { const: 'about:blank' },
    title: described(text, 'The status name'),
    status: int(400, 599),
    code: described(text, 'Switch on this, never on detail; handle unknown codes by status (new codes may appear)'),
    detail: described(text, 'A sentence for developers'),
  },
  members,
  {
    description:
      'RFC 9457 problem document (spec part 7), sent as application/problem+json. Codes, statuses and members: ' +
      Object.entries(ERROR_CODES)
        .map(([code, spec]) => `${code} (${spec.status}): ${spec.when}`)
        .join('; '),
    allOf: Object.entries(ERROR_CODES).map(([code, spec]) => ({
      if: { properties: { code: { const: code } }, required: ['code'] },
      then: {
        properties: { status: { const: spec.status }, ...spec.fields },
        required: [...spec.required],
        // AlreadyBooked names no ref (spec part 7): the email's bookings stay private.
        ...(code === 'AlreadyBooked' ? { not: { required: ['ref'] } } : {}),
      },
    })),
  },
);

export const problemSchemas: Record<string, Schema> = { InputProblem, Problem };
