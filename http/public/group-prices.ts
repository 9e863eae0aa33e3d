import { currency, localStartParam, month } from '../kernel/params';
import { int, ref, str } from '../kernel/schema';
import { publicOperation } from './operation';

export const getGroupPrices = publicOperation({
  id: 'getGroupPrices',
  method: 'get',
  path: '/v1/public/options/{optionId}/group-prices',
  summary: 'What groups of each size pay at a start',
  description:
    "Prices groups of 1 to up_to travellers of the option's paying adult unit at one start: `start` when sent, else the first open start of `month` " +
    "(this month in the trip's zone by default; start and month together are 422 InvalidInput). Each group is the quote for that group, made by the same pricing as " +
    'POST /v1/public/quotes, so every figure equals the quote: total is its grand_total, each the total shared out and rounded up. A size that cannot be quoted ' +
    '(no price for that group size, too few places left...) is left out. `units` prices one traveller of each other unit with the smallest group. ' +
    'Refusals about the start or the option are those of a quote (422 SlotClosed, PastCutoff, PriceNotAvailable for an ask_for_price option, OnRequest, ' +
    'PaymentWindowClosed, CurrencyNotEnabled); 404 NotFound (entity option).',
  params: { optionId: str({ minLength: 1, maxLength: 100 }) },
  query: { start: localStartParam, month, currency, up_to: int(1, 50) },
  paramDescriptions: {
    start: "The start to price (YYYY-MM-DDTHH:MM in the trip's zone, or YYYY-MM-DD for an option open all day)",
    month: 'YYYY-MM: its first open start is priced; default the current month',
    currency: "One of the storefront's currencies; default its display currency",
    up_to: "Largest group priced, 1 to 50; default the option's max_units, else 10",
  },
  success: { status: 200, description: '{option_id, start, currency, groups, units, policy}' },
  response: ref('GroupPrices'),
  handle: async ({ caller, params, query }, app) => app.availability.groupPrices(caller, params.optionId, query),
});

export const groupPricesOperations = [getGroupPrices];
