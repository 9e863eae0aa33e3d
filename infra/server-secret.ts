import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../application/platform/ports/logger';
import type { Config } from './config';

/**
 * A server secret that configuration did not give. Embedded, one is drawn once and kept in
 * DATA_DIR (only this process reads it), so it outlives restarts; with the servers of production
 * there is no shared place for it, so each process draws its own and says so: set the variable.
 */
export function serverSecret(config: Config, name: string, log: Logger): string {
  if (config.eventStoreUrl || config.mongodbUrl) {
    log.error('server secret not configured: drawn for this process only; set it so every instance and restart shares one', { secret: name });
    return randomBytes(32).toString('base64url');
  }
  const file = path.join(config.dataDir, 'secrets', `${name}.key`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    // 'wx': two processes starting at once keep the first one's secret.
    try {
      fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return fs.readFileSync(file, 'utf8').trim();
}
