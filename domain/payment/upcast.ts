import { Upcasters, renameFields } from '../shared/upcast';

/** Payment payloads written before they were camelCase (due_at, on_arrival). */
export const paymentUpcasters: Upcasters = {
  PaymentArranged: (data) => renameFields(data, { due_at: 'dueAt', on_arrival: 'onArrival' }),
};
