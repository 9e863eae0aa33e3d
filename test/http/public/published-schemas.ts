import { expect } from 'chai';
import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Answer, TestServer } from '../harness';

const DOC_ID = 'openapi.json';
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * Answers checked against the schemas the server's own OpenAPI document publishes (the technique
 * of test/http/kernel/openapi.spec.ts): `expectAnswer` asserts the operation's success status and
 * a body valid against its published schema, and returns the body.
 */
export async function publishedSchemas(server: TestServer): Promise<{ expectAnswer(operationId: string, answer: Answer): any }> {
  const doc = (await server.request('GET', '/v1/openapi.json', { key: null })).body;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, DOC_ID);
  const successes = new Map<string, { status: number; validate: ValidateFunction }>();
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, operation] of Object.entries<any>(item)) {
      const status = Object.keys(operation.responses).find((s) => /^2\d\d$/.test(s)) as string;
      const at = `${DOC_ID}#/${pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema')}`;
      successes.set(operation.operationId, { status: Number(status), validate: ajv.getSchema(at) as ValidateFunction });
    }
  }
  return {
    expectAnswer(operationId, answer) {
      const success = successes.get(operationId);
      if (!success) throw new Error(`no operation ${operationId} in the document`);
      expect(answer.status, `${operationId}: ${answer.text.slice(0, 500)}`).to.equal(success.status);
      if (!success.validate(answer.body)) {
        const errors = (success.validate.errors ?? []).slice(0, 10).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
        expect.fail(`${operationId} does not match its published schema:\n  ${errors.join('\n  ')}`);
      }
      return answer.body;
    },
  };
}
