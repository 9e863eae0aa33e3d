import path from 'node:path';
import fs from 'node:fs';
import type Koa from 'koa';
import { BookingService } from '../application/booking-service';
import { CatalogQueries } from '../application/catalog/queries';
import { CatalogReads } from '../projections/catalog/queries';
import { CatalogService } from '../application/seller/commands';
import { CommandHandler } from '../application/platform/command-handler';
import { Clock, systemClock } from '../application/platform/ports/clock';
import type { DocumentStore } from '../application/platform/ports/document-store';
import type { EventStore } from '../application/platform/ports/event-store';
import type { Mailer } from '../application/platform/ports/mailer';
import { SellerQueries } from '../application/seller/queries';
import { createApp } from '../http/kernel/app';
import { Logger, jsonLogger } from './logger';
import { bookingsProjector } from '../projections/bookings/projector';
import { catalogProjector } from '../projections/catalog/projector';
import { departuresProjector } from '../projections/departures/projector';
import type { Projector } from '../application/platform/processing/projector';
import { ProjectionRunner } from '../application/platform/processing/runner';
import type { Config } from './config';
import { MemoryDocumentStore } from './documents/memory-document-store';
import { MongoDocumentStore } from './documents/mongo-document-store';
import { EsdbEventStore } from './event-store/esdb-event-store';
import { SqliteEventStore } from './event-store/sqlite-event-store';
import { fixedRates } from './fx';
import { OutboxMailer } from './outbox-mailer';
import { seedDemoCatalog } from './seed/seed';
import type { Platform } from '../application/platform/platform';
import type { Job } from '../application/platform/processing/job';
import { randomIds } from '../application/platform/ids';

export const PROJECTORS: Projector[] = [catalogProjector, departuresProjector, bookingsProjector];

export interface Engine {
  config: Config;
  app: Koa;
  events: EventStore;
  docs: DocumentStore;
  runner: ProjectionRunner;
  bookings: BookingService;
  catalog: CatalogService;
  catalogReads: CatalogReads;
  /** What every feature is built from. */
  platform: Platform;
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
  return { events, docs };
}

/** The composition root: stores, projections, use cases and the HTTP app, wired once. */
export async function createEngine(config: Config, options: EngineOptions = {}): Promise<Engine> {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? jsonLogger();
  const { events, docs } = await openStores(config);
  const runner = new ProjectionRunner(events, docs, PROJECTORS);
  await runner.start();
  await runner.catchUp(60_000);

  const commands = new CommandHandler(events);
  const awaitProjections = (position: number) => runner.waitFor(position);
  const catalogReads = new CatalogReads(docs);
  const catalog = new CatalogService(commands, clock, catalogReads);
  const catalogQueries = new CatalogQueries(docs, clock, fixedRates);
  const mailer = options.mailer ?? new OutboxMailer(path.join(config.dataDir, 'outbox'));
  const bookings = new BookingService(commands, docs, clock, fixedRates, mailer, {
    holdMinutes: config.holdMinutes,
    multiDayHoldMinutes: config.multiDayHoldMinutes,
    pendingHours: config.pendingHours,
    onMailError: (error) => log.error('email not sent', { error: String(error) }),
  }, awaitProjections);

  const platform: Platform = {
    commands, docs, clock, fx: fixedRates, ids: randomIds, mailer, log, awaitProjections,
    settings: { holdMinutes: config.holdMinutes, multiDayHoldMinutes: config.multiDayHoldMinutes, pendingHours: config.pendingHours },
  };

  if (config.seedDemo) {
    const seeded = await seedDemoCatalog(catalog, catalogReads, clock.now());
    if (seeded !== null) {
      await runner.waitFor(seeded, 60_000);
      log.info('demo catalog seeded', { position: seeded });
    }
  }

  // Ready once the projections have applied the log as it stood when the engine opened.
  const headAtStart = await events.headPosition();
  const app = createApp({
    clock,
    catalogReads,
    catalogQueries,
    catalogService: catalog,
    bookings,
    sellerQueries: new SellerQueries(docs),
    awaitProjections,
    catalogVersion: () => runner.checkpoint(catalogProjector.name),
    ready: () => runner.position >= headAtStart,
    log,
    logRequests: config.logRequests,
    secretKeyLimitPerMinute: config.secretKeyLimitPerMinute,
    websiteKeyLimitPerMinute: config.websiteKeyLimitPerMinute,
  });

  return {
    config, app, events, docs, runner, bookings, catalog, catalogReads, platform, jobs: [],
    async close() {
      await runner.stop();
      await events.close();
      await docs.close();
    },
  };
}
