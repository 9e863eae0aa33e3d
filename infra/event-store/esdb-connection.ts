/**
 * The connection string as @eventstore/db-client 6 parses it. KurrentDB names its own schemes
 * kurrentdb:// and kdb:// (each also with +discover), which that client refuses at construction;
 * the rest of the string (hosts, credentials, tls, tlsCAFile, ...) means the same to both.
 */
export function esdbConnectionString(url: string): string {
  return url.trim().replace(/^(?:kurrentdb|kdb)(\+discover)?:\/\//i, (_scheme, discover: string | undefined) => `esdb${discover ?? ''}://`);
}
