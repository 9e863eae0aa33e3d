/**
 * Upcasting: events keep the shape they were written with, and readers see the current one.
 * An upcaster maps the payload of one event type from an older shape to the current one; it must
 * leave a payload already in the current shape as it is, so it can run on every read.
 */
export type Payload = Record<string, unknown>;
export type Upcaster = (data: Payload) => Payload;
/** Event type -> its upcaster. */
export type Upcasters = Readonly<Record<string, Upcaster>>;

/** Renames the payload's own fields (old name -> new name) where the old name is still there. */
export function renameFields(data: Payload, names: Readonly<Record<string, string>>): Payload {
  let renamed: Payload | null = null;
  for (const [from, to] of Object.entries(names)) {
    if (!(from in data)) continue;
    renamed ??= { ...data };
    if (!(to in renamed)) renamed[to] = renamed[from];
    delete renamed[from];
  }
  return renamed ?? data;
}

/** Several registries as one; two upcasters for one event type are a mistake. */
export function combineUpcasters(...registries: Upcasters[]): Upcasters {
  const all: Record<string, Upcaster> = {};
  for (const registry of registries) {
    for (const [type, upcaster] of Object.entries(registry)) {
      if (all[type]) throw new Error(`two upcasters for ${type}`);
      all[type] = upcaster;
    }
  }
  return all;
}

/** The payload of an event of `type` in its current shape. */
export function upcast(upcasters: Upcasters, type: string, data: Payload): Payload {
  const upcaster = upcasters[type];
  return upcaster ? upcaster(data) : data;
}
