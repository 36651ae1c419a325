// The Notifier port over node:http(s), for both stacks: one JSON POST per webhook delivery, bounded in
// time, no redirects, to the address that was vetted (the host is resolved once; the connection goes to
// that address, with the URL's host as Host header and TLS server name: no DNS rebinding).
import { lookup } from 'node:dns/promises';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { Notifier } from '../ports.js';

/** Addresses a GM's webhook must not reach from a deployed API: loopback, private, link-local (cloud metadata), unspecified. */
const INTERNAL = new BlockList();
for (const [net, bits] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) {
  INTERNAL.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['::ffff:0:0', 96]] as const) {
  INTERNAL.addSubnet(net, bits, 'ipv6');
}

/** Whether an address is one a deployed function must never connect to for a caller (webhooks, push endpoints). */
export const isInternalAddress = (address: string, family: number): boolean => INTERNAL.check(address, family === 6 ? 'ipv6' : 'ipv4');

export interface Resolved {
  address: string;
  family: number;
}

/** Resolves a host name to its addresses (the system resolver by default; tests give their own). */
export type Resolve = (host: string) => Promise<Resolved[]>;

export interface HttpNotifierOptions {
  timeoutMs?: number;
  /** The local stack delivers to receivers on this machine; a deployed API must not (default false). */
  allowInternal?: boolean;
  resolve?: Resolve;
}

const systemResolve: Resolve = (host) => lookup(host, { all: true });

export class HttpNotifier implements Notifier {
  private readonly timeoutMs: number;
  private readonly allowInternal: boolean;
  private readonly resolve: Resolve;

  constructor(options: HttpNotifierOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.allowInternal = options.allowInternal ?? false;
    this.resolve = options.resolve ?? systemResolve;
  }

  /** The one address a delivery connects to: every answer vetted, the first one used. */
  private async vetted(host: string): Promise<Resolved> {
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await this.resolve(host);
    if (addresses.length === 0) throw new Error(`refused: ${host} has no address`);
    if (!this.allowInternal) {
      for (const a of addresses) {
        if (isInternalAddress(a.address, a.family)) throw new Error(`refused: ${host} is an internal address`);
      }
    }
    return addresses[0]!;
  }

  async post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number }> {
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error(`refused: ${target.protocol} is not http(s)`);
    const host = target.hostname.replace(/^\[|\]$/g, '');
    const address = await this.vetted(host);
    // The socket asks this instead of the resolver: it can only ever reach the vetted address.
    const pinned: LookupFunction = (_name, options, done) => {
      if (options.all) (done as (e: null, a: Resolved[]) => void)(null, [address]);
      else done(null, address.address, address.family);
    };
    const options: RequestOptions = {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'dusk-webhooks/1', 'content-length': Buffer.byteLength(body), ...headers },
      lookup: pinned,
      signal: AbortSignal.timeout(this.timeoutMs),
    };
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    // No redirect is followed: a delivery goes to the URL the GM gave, or fails.
    return new Promise((done, fail) => {
      const req = send(target, options, (res) => {
        // The answer is not read beyond its status; release the connection.
        res.resume();
        done({ status: res.statusCode ?? 0 });
      });
      req.on('error', fail);
      req.end(body);
    });
  }
}
