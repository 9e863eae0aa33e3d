import { FX_RATES_STREAM, fxRatesDecider } from '../../../domain/fx';
import { isRefusal } from '../../../domain/shared/refusal';
import type { Platform } from '../../platform/platform';
import type { Job } from '../../platform/processing/job';
import { publishFromSource } from '../rates';

const HOUR_MS = 3_600_000;

/**
 * Fetches the configured rate source once its last new rates are FX_REFRESH_HOURS old. It looks every
 * hour (node-cron schedules are fixed when the process starts; the setting is read at each look), so a
 * source that has nothing newer yet (a daily feed before its next publication) is asked again an hour later.
 */
export async function refreshRates(platform: Platform, signal?: AbortSignal): Promise<'fetched' | 'not_due'> {
  const now = platform.clock.now().getTime();
  const every = platform.settings.fxRefreshHours * HOUR_MS;
  const { state } = await platform.commands.load(FX_RATES_STREAM, fxRatesDecider);
  const last = state.lastPublishedBy[platform.rateSource.name];
  if (last !== undefined && now - Date.parse(last) < every) return 'not_due';
  const done = await publishFromSource(platform, platform.rateSource, platform.ids.uuid(), signal);
  if (isRefusal(done)) platform.log.error('rates refused', { source: platform.rateSource.name, code: done.code, detail: done.detail });
  else platform.log.info('rates fetched', { source: platform.rateSource.name, published: done.published.length });
  return 'fetched';
}

export const refreshRatesJob: Job = {
  name: 'fx-rates-refresh',
  schedule: '5 * * * *',
  run: async (platform, signal) => {
    await refreshRates(platform, signal);
  },
};
