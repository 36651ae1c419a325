// The Notifier port over node:http(s), for both stacks: one JSON POST per webhook delivery, bounded in
// time, no redirects, to the address that was vetted (the host is resolved once; the socket connects to
// that address itself, with the URL's host as Host header and TLS server name: no DNS rebinding).
import { lookup } from 'node:dns/promises';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect as tcpConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { Notifier } from '../ports.js';
import { specialPurpose } from './special-addresses.js';

/** Whether an address is one a deployed function must never connect to for a caller (webhooks, push endpoints). */
export const isInternalAddress = (address: string): boolean => specialPurpose(address) !== undefined;

/** Why a host's answer may not be reached from a deployed function, as a refusal message, or undefined. */
export function internalRefusal(host: string, address: string): string | undefined {
  const why = specialPurpose(address);
  return why === undefined ? undefined : `refused: ${host} is an internal address (${address}: ${why})`;
}

export interface Resolved {
  address: string;
  family: number;
}

/** Resolves a host name to its addresses (the system resolver by default; tests give their own). */
export type Resolve = (host: string) => Promise<Resolved[]>;

/** Opens the TCP connection to a vetted address (node:net by default; a test routes it to a local receiver). */
export type Dial = (to: { address: string; family: number; port: number }) => Socket;

export interface HttpNotifierOptions {
  timeoutMs?: number;
  /** The local stack delivers to receivers on this machine; a deployed API must not (default false). */
  allowInternal?: boolean;
  resolve?: Resolve;
  dial?: Dial;
}

const systemResolve: Resolve = (host) => lookup(host, { all: true });
const systemDial: Dial = ({ address, family, port }) => tcpConnect({ host: address, family, port });

export class HttpNotifier implements Notifier {
  private readonly timeoutMs: number;
  private readonly allowInternal: boolean;
  private readonly resolve: Resolve;
  private readonly dial: Dial;

  constructor(options: HttpNotifierOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.allowInternal = options.allowInternal ?? false;
    this.resolve = options.resolve ?? systemResolve;
    this.dial = options.dial ?? systemDial;
  }

  /** The one address a delivery connects to: every answer vetted (by its own family), the first one used. */
  private async vetted(host: string): Promise<Resolved> {
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await this.resolve(host);
    if (addresses.length === 0) throw new Error(`refused: ${host} has no address`);
    if (!this.allowInternal) {
      for (const a of addresses) {
        const refused = internalRefusal(host, a.address);
        if (refused) throw new Error(refused);
      }
    }
    const first = addresses[0]!;
    return { address: first.address, family: isIP(first.address) || first.family };
  }

  async post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number }> {
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error(`refused: ${target.protocol} is not http(s)`);
    const host = target.hostname.replace(/^\[|\]$/g, '');
    const address = await this.vetted(host);
    const secure = target.protocol === 'https:';
    const port = Number(target.port || (secure ? 443 : 80));
    // The socket is opened here, to the vetted address: it can never reach another one.
    const createConnection = () => {
      const socket = this.dial({ ...address, port });
      return secure ? tlsConnect({ socket, ...(isIP(host) ? {} : { servername: host }), ALPNProtocols: ['http/1.1'] }) : socket;
    };
    const options: RequestOptions = {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'dusk-webhooks/1',
        'content-length': Buffer.byteLength(body),
        ...headers,
      },
      createConnection,
      // Without an agent Node knows no default port, and would write it into the Host header.
      defaultPort: secure ? 443 : 80,
      signal: AbortSignal.timeout(this.timeoutMs),
    };
    const send = secure ? httpsRequest : httpRequest;
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
