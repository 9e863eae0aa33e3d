import { isIPv4 } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';

/** Headers a proxy adds when it relays a request for someone else. */
const RELAYED = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1), which a dual-stack listener reports. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(v4)) return v4.startsWith('127.');
  return address === '::1' || address === '0:0:0:0:0:0:0:1';
}

/**
 * Whether a request comes from an operator on this machine: the socket's peer is a loopback address
 * (which no client can forge) and no proxy relayed it. Forwarding headers are never trusted to let a
 * request in, only to keep it out: a reverse proxy on the same host connects from loopback, and what
 * it relays comes from anywhere.
 */
export function fromThisMachine(remoteAddress: string | undefined, headers: IncomingHttpHeaders): boolean {
  return isLoopback(remoteAddress) && RELAYED.every((name) => headers[name] === undefined);
}
