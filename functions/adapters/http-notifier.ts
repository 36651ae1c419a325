// The Notifier port over fetch (Node 20+), for both stacks: one JSON POST per webhook delivery, bounded in time, no redirects.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { Notifier } from '../ports.js';

/** Addresses a GM's webhook must not reach from a deployed API: loopback, private, link-local (cloud metadata), unspecified. */
const INTERNAL = new BlockList();
for (const [net, bits] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) {
  INTERNAL.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['::ffff:0:0', 96]] as const) {
  INTERNAL.addSubnet(net, bits, 'ipv6');
}

export interface HttpNotifierOptions {
  timeoutMs?: number;
  /** The local stack delivers to receivers on this machine; a deployed API must not (default false). */
  allowInternal?: boolean;
}

export class HttpNotifier implements Notifier {
  private readonly timeoutMs: number;
  private readonly allowInternal: boolean;

  constructor(options: HttpNotifierOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.allowInternal = options.allowInternal ?? false;
  }

  private async refuseInternal(url: string): Promise<void> {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
    for (const a of addresses) {
      if (INTERNAL.check(a.address, a.family === 6 ? 'ipv6' : 'ipv4')) throw new Error(`refused: ${host} is an internal address`);
    }
  }

  async post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number }> {
    if (!this.allowInternal) await this.refuseInternal(url);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'dusk-webhooks/1', ...headers },
      body,
      // A redirect could point anywhere: a delivery goes to the URL the GM gave, or fails.
      redirect: 'manual',
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    // The answer is not read beyond its status; release the connection.
    await response.body?.cancel().catch(() => undefined);
    return { status: response.status };
  }
}
