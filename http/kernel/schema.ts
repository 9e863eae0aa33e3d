/**
 * JSON Schemas (2020-12, as OpenAPI 3.1 uses) that also carry the TypeScript type of what they
 * accept, so an operation's handler gets its input typed from the very schemas ajv checks.
 */

declare const VALUE: unique symbol;
/** Marks a query parameter as required (a symbol key: ajv and JSON never see it). */
export const REQUIRED: unique symbol = Symbol('required');

export type Schema<V = unknown> = Record<string, unknown> & { readonly [VALUE]?: V };
export type ValueOf<S> = S extends Schema<infer V> ? V : never;
export type Required<V = unknown> = Schema<V> & { readonly [REQUIRED]: true };

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** Query or path parameters by name: required ones (or with a default) are always there. */
export type ParamsOf<M> = Simplify<
  { [K in keyof M as M[K] extends Required ? K : M[K] extends { default: unknown } ? K : never]: ValueOf<M[K]> } & {
    [K in keyof M as M[K] extends Required ? never : M[K] extends { default: unknown } ? never : K]?: ValueOf<M[K]>;
  }
>;

export const str = (extra: Record<string, unknown> = {}): Schema<string> => ({ type: 'string', ...extra });
export const int = (minimum?: number, maximum?: number, extra: Record<string, unknown> = {}): Schema<number> => ({
  type: 'integer',
  ...(minimum !== undefined ? { minimum } : {}),
  ...(maximum !== undefined ? { maximum } : {}),
  ...extra,
});
export const num = (minimum?: number, maximum?: number): Schema<number> => ({
  type: 'number',
  ...(minimum !== undefined ? { minimum } : {}),
  ...(maximum !== undefined ? { maximum } : {}),
});
export const bool: Schema<boolean> = { type: 'boolean' };
export const nullable = <V>(schema: Schema<V>): Schema<V | null> => ({ anyOf: [schema, { type: 'null' }] });
export const arr = <I>(items: Schema<I>, extra: Record<string, unknown> = {}): Schema<I[]> => ({ type: 'array', items, ...extra });
export const enumOf = <const V extends readonly string[]>(...values: V): Schema<V[number]> => ({ type: 'string', enum: [...values] });
export const ref = <V = unknown>(name: string): Schema<V> => ({ $ref: `#/components/schemas/${name}` });

/** A closed object: unknown members are refused. */
export function obj<P extends Record<string, Schema>, R extends keyof P & string = never>(
  properties: P,
  required: readonly R[] = [],
  extra: Record<string, unknown> = {},
): Schema<Simplify<{ [K in R]: ValueOf<P[K]> } & { [K in Exclude<keyof P, R>]?: ValueOf<P[K]> }>> {
  return { type: 'object', properties, required: [...required], additionalProperties: false, ...extra };
}

/** A query parameter that must be sent. */
export const required = <V>(schema: Schema<V>): Required<V> => ({ ...schema, [REQUIRED]: true }) as Required<V>;

/** A parameter ajv fills in when it is not sent. */
export const withDefault = <V>(schema: Schema<V>, value: V): Schema<V> & { default: V } => ({ ...schema, default: value });

export const isRequired = (schema: Schema): boolean => (schema as Partial<Required>)[REQUIRED] === true;

/**
 * A schema whose accepted value is described by a type declared elsewhere (the application's
 * input types, the seller's definitions): ajv checks the value against the schema first.
 */
export const describes =
  <V>() =>
  (schema: Record<string, unknown>): Schema<V> =>
    schema;
