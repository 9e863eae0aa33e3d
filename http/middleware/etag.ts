import { createHash } from 'node:crypto';

/** A weak ETag of the JSON text, so it is the same whatever the encoding on the wire. */
export function weakEtag(json: Buffer): string {
  return `W/"${createHash('sha1').update(json).digest('base64url')}"`;
}

/** If-None-Match matches when any listed tag equals ours, weak or strong (RFC 9110 weak comparison). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const ours = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === ours);
}
