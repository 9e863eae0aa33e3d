import type { OptionDefinition, VehicleRule } from '../../domain/catalog/definitions';
import { type BookPlaces, type HoldPlaces, departureDecider, departureStream } from '../../domain/departure';
import { isRefusal } from '../../domain/shared/refusal';
import { vehicleDayDecider, vehicleDayStream, vehiclesNeeded } from '../../domain/vehicle-day';
import type { Platform } from '../platform/platform';
import type { EventMetadata } from '../platform/ports/event-store';

type Deps = Pick<Platform, 'commands'>;
type Departed = Awaited<ReturnType<typeof holdAtDeparture>>;

const holdAtDeparture = (deps: Deps, command: HoldPlaces, metadata: EventMetadata, expectNew = false) =>
  deps.commands.handle(departureStream(command.optionId, command.start), departureDecider, command, metadata, { expectNew });

/** The option's vehicle rule when its vehicles are counted per day (a daily limit); null otherwise. */
export function countedVehicles(option: OptionDefinition): (VehicleRule & { daily_limit: { name: string; count: number } }) | null {
  const rule = option.vehicle ? option.vehicles : null;
  return rule?.daily_limit ? { ...rule, daily_limit: rule.daily_limit } : null;
}

/**
 * The vehicle day's commands are repeated safely by their decider alone (a live entry is not taken twice,
 * a released one not released twice), so their events take no ids from the request's command id: a hold
 * repeated under the same Idempotency-Key after its vehicles went back must take them again, not replay.
 */
const ownIds = ({ commandId: _commandId, ...metadata }: EventMetadata): EventMetadata => metadata;

/**
 * Holds places at a start, and first the vehicles they need on its day when the option counts them:
 * the vehicle day decides strictly (VehicleLimitReached), the departure records how many were taken,
 * and when the departure refuses the vehicles go back at once. `book` takes the vehicles booked
 * (requests, offers and moves hold and book their places at once); `expectNew` when nothing was
 * seen at the start yet (CommandHandler.handle: the departure is decided on without a read).
 */
export async function holdPlaces(
  deps: Deps,
  option: OptionDefinition,
  command: HoldPlaces,
  metadata: EventMetadata,
  { book = false, expectNew = false }: { book?: boolean; expectNew?: boolean } = {},
): Promise<Departed> {
  const rule = countedVehicles(option);
  if (!rule) return holdAtDeparture(deps, command, metadata, expectNew);
  const { ref, optionId, start, expiresAt, now } = command;
  const day = vehicleDayStream(optionId, start);
  const vehicles = vehiclesNeeded(rule, command.places);
  const taken = await deps.commands.handle(
    day,
    vehicleDayDecider,
    { type: 'HoldVehicles', ref, optionId, start, vehicles, limit: rule.daily_limit, expiresAt, book, now },
    ownIds(metadata),
  );
  if (isRefusal(taken)) return taken;
  const held = await holdAtDeparture(deps, { ...command, vehicles }, metadata, expectNew);
  if (isRefusal(held)) {
    await deps.commands.handle(day, vehicleDayDecider, { type: 'ReleaseVehicles', ref, start, why: 'abandoned', now }, ownIds(metadata));
  }
  return held;
}

/** Books a held start's vehicles on its day (a hold that took none has none to book), then its places. */
export async function bookPlaces(deps: Deps, option: OptionDefinition, start: string, command: BookPlaces, metadata: EventMetadata): Promise<Departed> {
  if (countedVehicles(option)) {
    const day = vehicleDayStream(option.id, start);
    const booked = await deps.commands.handle(day, vehicleDayDecider, { type: 'BookVehicles', ref: command.ref, start, now: command.now }, ownIds(metadata));
    if (isRefusal(booked)) return booked;
  }
  return deps.commands.handle(departureStream(option.id, start), departureDecider, command, metadata);
}
