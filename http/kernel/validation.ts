import Ajv2020, { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { InputProblem } from '../../domain/shared/refusal';
import type { Operation } from '../operations';
import { obj } from './schema';

export interface Validated {
  params: Record<string, string>;
  query: Record<string, any>;
  body: any;
}

function fieldOf(error: ErrorObject, root: string): string {
  const path = error.instancePath.split('/').slice(1).map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`)).join('').replace(/^\./, '');
  const extra = error.keyword === 'required' ? (error.params as { missingProperty: string }).missingProperty
    : error.keyword === 'additionalProperties' ? (error.params as { additionalProperty: string }).additionalProperty : '';
  const joined = [path, extra].filter(Boolean).join('.');
  return root && !joined ? root : joined;
}

/** ajv's findings as the spec's problems (part 7): reason, field, detail, details. */
function problemsOf(errors: ErrorObject[], kind: 'query' | 'body' | 'path'): InputProblem[] {
  const problems: InputProblem[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    if (error.keyword === 'anyOf' || error.keyword === 'if') continue;
    // A query parameter is named as sent (template), not by the position in its comma list.
    const path = fieldOf(error, kind);
    const field = kind === 'query' ? path.split(/[.[]/)[0] : path;
    const key = `${field}:${error.keyword}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const param = path.split(/[.[]/)[0];
    if (error.keyword === 'enum') {
      problems.push({
        reason: kind === 'query' ? 'param_values' : 'invalid_value', field,
        detail: `${field} must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`,
        details: { param, allowed: (error.params as { allowedValues: unknown[] }).allowedValues, given: error.data },
      });
    } else if (error.keyword === 'required') {
      problems.push({ reason: 'required', field, detail: `${field} is required` });
    } else if (error.keyword === 'additionalProperties') {
      problems.push({ reason: kind === 'query' ? 'unknown_param' : 'unknown_field', field, detail: `${field} is not a known ${kind === 'query' ? 'parameter' : 'field'}` });
    } else {
      problems.push({ reason: 'invalid_value', field, detail: `${field || kind} ${error.message ?? 'is not valid'}` });
    }
  }
  return problems;
}

interface Compiled {
  path: ValidateFunction;
  query: ValidateFunction;
  body: ValidateFunction | null;
}

/** Validators for every operation, compiled once from the OpenAPI schemas. */
export class Validator {
  private readonly compiled = new Map<string, Compiled>();

  constructor(operations: Operation[]) {
    const strictAjv = new Ajv2020({ allErrors: true, strict: false, verbose: true });
    // verbose: problems name the value given (spec part 7, param_values details.given).
    const queryAjv = new Ajv2020({ allErrors: true, strict: false, coerceTypes: true, verbose: true });
    addFormats(strictAjv);
    addFormats(queryAjv);
    for (const op of operations) {
      this.compiled.set(op.id, {
        path: strictAjv.compile(obj(op.pathParams ?? {}, Object.keys(op.pathParams ?? {}))),
        query: queryAjv.compile(obj(op.query ?? {}, op.requiredQuery ?? [])),
        body: op.body ? strictAjv.compile(op.body) : null,
      });
    }
  }

  /** Returns the validated input, or the problems found. */
  validate(op: Operation, params: Record<string, string>, rawQuery: Record<string, string | string[] | undefined>, body: unknown): Validated | InputProblem[] {
    const compiled = this.compiled.get(op.id) as Compiled;
    const problems: InputProblem[] = [];
    const query: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(rawQuery)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) {
        problems.push({ reason: 'repeated_param', field: name, detail: `${name} is given more than once: separate values with commas` });
        continue;
      }
      query[name] = op.multi?.includes(name) ? value.split(',').map((v) => v.trim()).filter((v) => v !== '') : value;
    }
    if (!compiled.path(params)) problems.push(...problemsOf(compiled.path.errors ?? [], 'path'));
    if (!compiled.query(query)) problems.push(...problemsOf(compiled.query.errors ?? [], 'query'));
    if (compiled.body && (body !== undefined || op.bodyRequired)) {
      if (!compiled.body(body)) problems.push(...problemsOf(compiled.body.errors ?? [], 'body'));
    }
    return problems.length > 0 ? problems : { params, query, body };
  }
}
