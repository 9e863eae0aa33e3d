/** Answers of group prices (4.3): what groups of each size pay at one start, as quotes price them. */
import { currencyCode, described, id, localStart, money, nMoney, object, orNull, text } from '../kernel/answer-schema';
import { Schema, arr, enumOf, int } from '../kernel/schema';

const GroupPrice = object(
  {
    travellers: described(int(1, 50), "How many of the option's paying adult unit travel"),
    total: described(money, "The quote's grand_total for that group"),
    each: described(money, 'total shared out among the travellers, rounded up to the minor unit'),
    unit_price: described(money, "The adult unit's price per traveller in that group's quote"),
    original_unit_price: described(nMoney, "A special's price before discount, or null"),
    confirmation: enumOf('instant', 'manual'),
    rooms: described(
      arr(object({ room_type_id: id, qty: int(1) })),
      'For options with room types: the rooms the group was quoted in (one type, least supplement first, that sleeps the group); empty otherwise',
    ),
  },
  {},
  { description: 'One group size: each figure is the quote (POST /v1/public/quotes) for that group at the start' },
);

const GroupPrices = object(
  {
    option_id: id,
    start: described(orNull(localStart), 'The start priced: the one asked, else the first open start of the month; null when the month has none'),
    currency: currencyCode,
    groups: described(arr(GroupPrice), 'One entry per group size from 1 to up_to that can be quoted, smallest first; sizes that cannot be quoted are left out'),
    units: described(
      arr(
        object({
          unit_id: id,
          type: text,
          label: text,
          unit_price: described(
            nMoney,
            'One traveller of this unit travelling with the smallest group, as that quote prices them; null when it cannot be quoted',
          ),
          original_unit_price: described(nMoney, "A special's price before discount, or null"),
        }),
      ),
      'Each other unit of the option (children, infants...), priced with the smallest group',
    ),
    policy: { allOf: [{ $ref: '#/components/schemas/Policy' }, { required: ['preset'] }] },
  },
  {},
  { description: 'What groups pay at one start (spec 4.3); prices equal the quotes’ own' },
);

export const groupPricesSchemas: Record<string, Schema> = { GroupPrices };
