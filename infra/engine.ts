import path from 'node:path';
import fs from 'node:fs';
import type Koa from 'koa';
import { App, FEATURES, createUseCases } from '../application/features';
import { CommandHandler } from '../application/platform/command-handler';
import { randomIds } from '../application/platform/ids';
import { Clock, systemClock } from '../application/platform/ports/clock';
import type { DocumentStore } from '../application/platform/ports/document-store';
import type { EventStore } from '../application/platform/ports/event-store';
import type { Mailer } from '../application/platform/ports/mailer';
import type { Platform } from '../application/platform/platform';
import type { Job } from '../application/platform/processing/job';
import type { Projector } from '../application/platform/processing/projector';
import { ProjectionRunner } from '../application/platform/processing/runner';
import { ReactorRunner } from '../application/platform/processing/reactor-runner';
import type { Reactor } from '../application/platform/processing/reactor';
import { documentCheckpoints } from '../application/platform/processing/checkpoints';
import { FileCheckpoints } from './file-checkpoints';
import { UpcastingEventStore } from '../application/platform/upcasting-event-store';
import { openSearchIndex } from '../application/search';
import { CatalogService } from '../application/seller';
import { SiteContentService } from '../application/content';
import { composingMailer } from '../application/mail';
import { createHttpApp } from '../http/kernel/app';
import { documentRateCounts } from '../application/platform/shared-rate-counts';
import { openApiDocument } from '../http/kernel/openapi';
import { operatorSurface } from '../http/operator';
import { publicSurface } from '../http/public';
import { sellerSurface } from '../http/seller';
import { catalogProjector } from '../projections/catalog/projector';
import { contentProjector } from '../projections/content/projector';
import { redirectsProjector } from '../projections/redirects/projector';
import { CatalogReads } from '../projections/catalog/queries';
import type { Config } from './config';
import { openBlobStore } from './blobs/open';
import { MemoryDocumentStore } from './documents/memory-document-store';
import { MongoDocumentStore } from './documents/mongo-document-store';
import { EsdbEventStore } from './event-store/esdb-event-store';
import { SqliteEventStore } from './event-store/sqlite-event-store';
import { FxRateReads } from '../projections/fx-rates/queries';
import { fxRatesProjector } from '../projections/fx-rates/projector';
import { fileRateSource } from './fx/file-rate-source';
import { httpRateSource } from './fx/http-rate-source';
import { ReadModelFx } from './fx/read-model-fx';
import { isRefusal } from '../domain/shared/refusal';
import { Logger, jsonLogger } from './logger';
import { configuredMailer } from './mail/nodemailer-mailer';
import { seedDemoCatalog } from './seed/seed';
import { withProgress } from './progress';
import { serverSecret } from './server-secret';

/** Every read model, from the features that own them. */
export const PROJECTORS: Projector[] = FEATURES.flatMap((feature) => [...(feature.projectors ?? [])]);

/** Every reactor, from the features that own them. */
export const REACTORS: Reactor[] = FEATURES.flatMap((feature) => [...(feature.reactors ?? [])]);

export interface Engine {
  config: Config;
  app: Koa;
  events: EventStore;
  docs: DocumentStore;
  runner: ProjectionRunner;
  /** Mails and follow-up commands after the append, each reactor with its own checkpoint. */
  reactors: ReactorRunner;
  /** What every feature is built from. */
  platform: Platform;
  /** Every feature's use cases, by feature name. */
  useCases: App;
  /** Time-driven work the process schedules (main.ts). */
  jobs: Job[];
  close(): Promise<void>;
}

export interface EngineOptions {
  clock?: Clock;
  log?: Logger;
  mailer?: Mailer;
}

/** Opens the stores that configuration names: EventStoreDB/MongoDB when their URLs are set, else embedded. */
export async function openStores(config: Config): Promise<{ events: EventStore; docs: DocumentStore }> {
  let events: EventStore;
  if (config.eventStoreUrl) {
    events = new EsdbEventStore(config.eventStoreUrl);
  } else {
    fs.mkdirSync(config.dataDir, { recursive: true });
    events = new SqliteEventStore(path.join(config.dataDir, 'events.sqlite'));
  }
  const docs = config.mongodbUrl
    ? await MongoDocumentStore.connect(config.mongodbUrl, undefined, { maxPoolSize: config.mongodbPoolSize })
    : new MemoryDocumentStore();
  // Events written under older payload names are read in today's shape, whatever reads them.
  return { events: new UpcastingEventStore(events), docs };
}

/** The composition root: stores, platform, features, processing and the HTTP surfaces, wired once. */
export async function createEngine(config: Config, options: EngineOptions = {}): Promise<Engine> {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? jsonLogger();
  const { events, docs } = await openStores(config);
  // Read models kept in this process's memory have no other writer; in MongoDB other replicas write them too.
  const runner = new ProjectionRunner(events, docs, PROJECTORS, '', { soleWriter: !config.mongodbUrl });
  await runner.start();
  await withProgress(
    'catch-up',
    () => runner.position,
    () => events.headPosition(),
    runner.catchUp(60_000),
  );

  const commands = new CommandHandler(events, { snapshots: docs, log });
  const delivery = options.mailer ?? configuredMailer(config, docs);
  const blobs = await openBlobStore(config);
  // Prices read the newest published rates, kept in memory and read again whenever the rates read model moves.
  const fx = new ReadModelFx(new FxRateReads(docs), () => runner.checkpoint(fxRatesProjector.name));
  const platform: Platform = {
    commands,
    events,
    docs,
    blobs,
    clock,
    fx,
    rateSource: config.fxSourceUrl ? httpRateSource(config.fxSourceUrl) : fileRateSource(config.dataDir),
    ids: randomIds,
    mailer: delivery,
    log,
    awaitProjections: (position) => runner.waitFor(position),
    awaitReactor: (reactor, position) => reactors.waitFor(reactor, position),
    settings: {
      holdMinutes: config.holdMinutes,
      multiDayHoldMinutes: config.multiDayHoldMinutes,
      pendingHours: config.pendingHours,
      signInLinkMinutes: config.signInLinkMinutes,
      travellerSessionDays: config.travellerSessionDays,
      offerLinkSecret: config.offerLinkSecret ?? serverSecret(config, 'offer-link', log),
      webhookSecretKey: config.webhookSecretKey ?? serverSecret(config, 'webhook-secrets', log),
      webhookAllowPrivateUrls: config.webhookAllowPrivateUrls,
      webhookTimeoutMs: config.webhookTimeoutMs,
      tokenSealingKey: config.tokenSealingKey ?? serverSecret(config, 'token-sealing', log),
      idempotencyWindowHours: config.idempotencyWindowHours,
      fxRefreshHours: config.fxRefreshHours,
      fxMaxAgeHours: config.fxMaxAgeHours,
      contactEmailChangeMinutes: config.contactEmailChangeMinutes,
      contactCodeSecretKey: config.contactCodeSecretKey ?? serverSecret(config, 'contact-codes', log),
    },
  };
  // Mail is composed (manage link, HTML part) from what the platform reads, then delivered: built once the platform is.
  platform.mailer = composingMailer(platform, delivery);
  const useCases = createUseCases(platform);
  // The first start publishes the demo's rates (or DATA_DIR/fx-rates.json) so that quotes are priced at once.
  const seededRates = await useCases.fxRates.seed(fileRateSource(config.dataDir), randomIds.uuid());
  if (seededRates && isRefusal(seededRates)) log.error('exchange rates not seeded', { code: seededRates.code, detail: seededRates.detail });
  await fx.refresh();

  if (config.seedDemo) {
    const catalogReads = new CatalogReads(docs);
    const seeded = await seedDemoCatalog(new CatalogService(commands, clock, catalogReads), catalogReads, clock.now(), {
      content: new SiteContentService(commands, clock, docs),
      caughtUp: (position) => runner.waitFor(position, 60_000),
    });
    if (seeded !== null) {
      await runner.waitFor(seeded, 60_000);
      log.info('demo catalog seeded', { position: seeded });
    }
  }
  // Search is down (503) until its index is built from the caught-up catalog, and for good when switched off.
  await openSearchIndex(docs, { enabled: config.searchEnabled, catalogVersion: () => runner.checkpoint(catalogProjector.name), log });

  // Reactors start once the read models they read have caught up. Their checkpoints must outlive
  // the process: MongoDB keeps them where it keeps the read models; the embedded run, whose read
  // models live in memory, keeps them in a file beside its event log.
  const reactorCheckpoints = config.mongodbUrl
    ? documentCheckpoints(docs, 'reactor_checkpoints')
    : new FileCheckpoints(path.join(config.dataDir, 'reactor-checkpoints.json'));
  const reactors = new ReactorRunner(events, reactorCheckpoints, REACTORS, platform);
  await reactors.start();

  // Ready once the projections have applied the log as it stood when the engine opened.
  const headAtStart = await events.headPosition();
  // Catalog reads answer from the catalog, site content and redirects read models: any of them moving is a new version.
  const catalogReadModels = [catalogProjector, contentProjector, redirectsProjector].map((projector) => projector.name);
  const catalogVersion = () => Math.max(...catalogReadModels.map((name) => runner.checkpoint(name)));
  let knownOrigins: { version: number; origins: Set<string> } | null = null;
  const knownOrigin = async (origin: string): Promise<boolean> => {
    const version = catalogVersion();
    if (knownOrigins?.version !== version) knownOrigins = { version, origins: await useCases.keys.allowedOrigins() };
    return knownOrigins.origins.has(origin);
  };
  // Several instances share one MongoDB: they add up their rate-limit counts there. The embedded run is one process.
  const sharedRateCounts = config.mongodbUrl ? documentRateCounts(docs) : null;
  const surfaces = [
    publicSurface({
      sharedRateCounts,
      app: useCases,
      clock,
      catalogVersion,
      limits: { perKey: config.websiteKeyLimitPerMinute, perAddress: config.addressLimitPerMinute },
    }),
    sellerSurface({ app: useCases, clock, perKey: config.secretKeyLimitPerMinute, sharedRateCounts }),
  ];
  const operator = operatorSurface({
    ready: () => runner.position >= headAtStart,
    openApi: JSON.stringify(openApiDocument(surfaces)),
    readModels: { docs, projectors: PROJECTORS, projection: runner },
    fxRates: useCases.fxRates,
    sellers: {
      suspend: (sellerId, reason, correlationId) => useCases.marketplace.suspendSeller(sellerId, reason, correlationId),
      reinstate: (sellerId, correlationId) => useCases.marketplace.reinstateSeller(sellerId, correlationId),
    },
  });
  const app = createHttpApp([operator, ...surfaces], { app: useCases, log, logRequests: config.logRequests, catalogVersion, knownOrigin });

  return {
    config,
    app,
    events,
    docs,
    runner,
    reactors,
    platform,
    useCases,
    jobs: FEATURES.flatMap((feature) => [...(feature.jobs ?? [])]),
    async close() {
      await reactors.stop();
      await runner.stop();
      await events.close();
      await docs.close();
      await blobs.close();
    },
  };
}
