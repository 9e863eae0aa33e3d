import type { Middleware } from 'koa';
import { Problem } from '../kernel/problem';
import { machineOnly } from './machine-only';
import Router from '@koa/router';
import type { DocumentStore } from '../../application/platform/ports/document-store';
import { ProjectionProgress, readModelCollections, runningDigest } from '../../application/platform/processing/digest';
import type { Projector } from '../../application/platform/processing/projector';

export interface ReadModelsDeps {
  docs: DocumentStore;
  /** The projectors whose collections are the read models. */
  projectors: readonly Projector[];
  /** The projection that writes them. */
  projection: ProjectionProgress;
}

export const READ_MODELS_PATH = '/operator/read-models';

/**
 * The live read models for `npm run replay` beside a running server (the embedded ones live only in
 * this process): a digest of every collection at one log position, and any one document. Answered
 * to operators on this machine only.
 */
export function readModelRoutes(deps: ReadModelsDeps): Middleware {
  const collections = readModelCollections(deps.projectors);
  const router = new Router({ prefix: READ_MODELS_PATH });
  router.get('/digest', async (ctx) => {
    const digest = await runningDigest(deps.docs, collections, deps.projection);
    if (!digest) throw new Problem('Overloaded', 'the read models kept changing while they were read: ask again');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = digest;
  });
  router.get('/:collection/:id', async (ctx) => {
    const { collection, id } = ctx.params;
    if (!collections.includes(collection)) throw new Problem('NotFound', `no read model ${collection}`, { entity: 'read model' });
    const doc = await deps.docs.collection(collection).findOne({ _id: id });
    if (!doc) throw new Problem('NotFound', `no document ${id} in ${collection}`, { entity: 'document' });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = doc;
  });
  return machineOnly(READ_MODELS_PATH, router.routes() as Middleware);
}
