import { expect } from 'chai';
import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Answer, TestServer } from './harness';

type Doc = Record<string, any>;

const DOC_ID = 'openapi.json';
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Checks answers against the schemas the served OpenAPI document publishes for them (as test/http/kernel/openapi.spec.ts does). */
export interface PublishedSchemas {
  /** The answer is the operation's success, valid against its published schema; returns the body. */
  expectAnswer(operationId: string, answer: Answer): any;
  /** The answer is a problem document with this status and code, valid against the Problem schema; returns the body. */
  expectProblem(answer: Answer, status: number, code: string): any;
}

export async function publishedSchemas(server: TestServer): Promise<PublishedSchemas> {
  const served = await server.request('GET', '/v1/openapi.json', { key: null });
  expect(served.status).to.equal(200);
  const doc: Doc = served.body;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, DOC_ID);
  const operations = new Map<string, { status: number; pointer: string }>();
  for (const [path, item] of Object.entries<Doc>(doc.paths)) {
    for (const [method, operation] of Object.entries<Doc>(item)) {
      const [status] = Object.keys(operation.responses).filter((s) => /^2\d\d$/.test(s));
      operations.set(operation.operationId, {
        status: Number(status),
        pointer: `${DOC_ID}#/${pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema')}`,
      });
    }
  }
  const validate = (ref: string): ValidateFunction => {
    const found = ajv.getSchema(ref);
    if (!found) throw new Error(`no schema at ${ref}`);
    return found;
  };
  const expectValid = (check: ValidateFunction, body: unknown, what: string) => {
    if (!check(body)) {
      const errors = (check.errors ?? []).slice(0, 10).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)} (${e.schemaPath})`);
      expect.fail(`${what} does not match its schema:\n  ${errors.join('\n  ')}`);
    }
  };
  return {
    expectAnswer(operationId, answer) {
      const op = operations.get(operationId);
      if (!op) throw new Error(`no operation ${operationId} in the document`);
      if (answer.status !== op.status) expect.fail(`${operationId}: expected ${op.status}, got ${answer.status}: ${answer.text.slice(0, 500)}`);
      expect(answer.headers.get('content-type')).to.match(/^application\/json/);
      expectValid(validate(op.pointer), answer.body, operationId);
      return answer.body;
    },
    expectProblem(answer, status, code) {
      if (answer.status !== status) expect.fail(`expected ${status} ${code}, got ${answer.status}: ${answer.text.slice(0, 500)}`);
      expect(answer.headers.get('content-type')).to.match(/^application\/problem\+json/);
      expectValid(validate(`${DOC_ID}#/components/schemas/Problem`), answer.body, `problem ${code}`);
      expect(answer.body.code).to.equal(code);
      return answer.body;
    },
  };
}
