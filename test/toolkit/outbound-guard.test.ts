// Issue 41: the outbound guard on the code a deployed Lambda runs (functions/compose.ts and functions/adapters/aws/ports.ts build
// the notifier; the push agent's lookup is the one WebPushSender installs). It decides by address family,
// an IPv4-mapped IPv6 address counts as its IPv4 address, and IANA's special-purpose blocks are refused:
// internal addresses never, public IPv4 and IPv6 addresses (literal and resolved) always. This sandbox
// sends no packet off the machine, so two things are injected, as the Lambda's network would do them: the
// DNS answer, and the TCP connect to the vetted address, which a local receiver on 127.0.0.1 takes.
import type { LookupAddress } from 'node:dns';
import * as net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { receiver } from './helpers.js';

const dns = vi.hoisted(() => ({ answers: new Map<string, Array<{ address: string; family: number }>>() }));
const dialled = vi.hoisted(() => ({ to: [] as Array<{ host: string; port: number }>, receiverPort: 0 }));

vi.mock('node:dns/promises', async (original) => ({
  ...(await original<typeof import('node:dns/promises')>()),
  lookup: async (host: string) => {
    const found = dns.answers.get(host);
    if (!found) throw Object.assign(new Error(`no test answer for ${host}`), { code: 'ENOTFOUND' });
    return found;
  },
}));
vi.mock('node:net', async (original) => {
  const real = await original<typeof import('node:net')>();
  // The one thing this sandbox cannot do for real: a connect to a public address goes to the local receiver.
  const connect = (options: { host: string; port: number }) => {
    dialled.to.push({ host: options.host, port: options.port });
    return real.connect({ host: '127.0.0.1', port: dialled.receiverPort });
  };
  return { ...real, connect, default: { ...real, connect } };
});

const { awsPorts } = await import('../../functions/compose.js');
const { vettingLookup } = await import('../../functions/adapters/web-push-sender.js');
const { SPECIAL_IPV4, SPECIAL_IPV6, specialPurpose } = await import('../../functions/adapters/special-addresses.js');

const PUBLIC_V4 = ['8.8.8.8', '162.159.135.232', '1.1.1.1', '93.184.215.14'];
const PUBLIC_V6 = ['2606:4700:4700::1111', '2001:4860:4860::8888', '2a00:1450:4001:80b::200e'];
const INTERNAL = [
  ['127.0.0.1', /Loopback/],
  ['10.1.2.3', /Private-Use/],
  ['172.31.0.1', /Private-Use/],
  ['192.168.1.1', /Private-Use/],
  ['169.254.169.254', /Link Local/],
  ['100.64.0.1', /Shared Address Space/],
  ['0.0.0.0', /This network/],
  ['192.0.2.1', /Documentation/],
  ['198.18.0.1', /Benchmarking/],
  ['224.0.0.1', /Multicast/],
  ['255.255.255.255', /Broadcast/],
  ['240.0.0.1', /Reserved/],
  ['::1', /Loopback/],
  ['::', /Unspecified/],
  ['fe80::1', /Link-Local/],
  ['fd00:ec2::254', /Unique-Local/],
  ['ff02::1', /Multicast/],
  ['2001:db8::1', /Documentation/],
  ['64:ff9b::a9fe:a9fe', /Translation/],
  ['::ffff:127.0.0.1', /Loopback/],
  ['::ffff:a9fe:a9fe', /Link Local/],
  ['0:0:0:0:0:ffff:0a00:0001', /Private-Use/],
] as const;

let r: Awaited<ReturnType<typeof receiver>>;
beforeAll(async () => {
  r = await receiver(() => 202);
  dialled.receiverPort = Number(new URL(r.base).port);
  // What the API Lambda's environment names (infra/); nothing here is called but the notifier.
  for (const [k, v] of Object.entries({
    TABLE_NAME: 't',
    SCHEDULE_GROUP: 'g',
    RESOLVER_ARN: 'arn:r',
    SCHEDULER_ROLE_ARN: 'arn:s',
    SITE_BUCKET: 'b',
  }))
    vi.stubEnv(k, v);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await r.close();
});

describe('the outbound guard (issue 41)', () => {
  it('the deployed notifier delivers a webhook to a host resolving to a public IPv4 address, and to public literals', async () => {
    const notifier = awsPorts().notifier!;
    dns.answers.set('hooks.example.com', [{ address: '162.159.135.232', family: 4 }]);
    expect(await notifier.post('http://hooks.example.com/dusk', '{"kind":"phase"}', { 'idempotency-key': 'k1' })).toEqual({ status: 202 });
    for (const literal of ['http://8.8.8.8:8080/x', 'http://[2606:4700:4700::1111]/y', 'http://[::ffff:8.8.4.4]/z']) {
      expect(await notifier.post(literal, '{}', {}), literal).toEqual({ status: 202 });
    }
    dns.answers.set('v6.example.com', [{ address: '2001:4860:4860::8888', family: 6 }]);
    expect(await notifier.post('http://v6.example.com/w', '{}', {})).toEqual({ status: 202 });
    // The socket was asked for the vetted public addresses, and the receiver got the real requests.
    expect(dialled.to).toEqual([
      { host: '162.159.135.232', port: 80 },
      { host: '8.8.8.8', port: 8080 },
      { host: '2606:4700:4700::1111', port: 80 },
      { host: '::ffff:808:404', port: 80 },
      { host: '2001:4860:4860::8888', port: 80 },
    ]);
    expect(r.requests.map((x) => [x.path, x.headers.host, x.headers['idempotency-key'] ?? null, x.body])).toEqual([
      ['/dusk', 'hooks.example.com', 'k1', { kind: 'phase' }],
      ['/x', '8.8.8.8:8080', null, {}],
      ['/y', '[2606:4700:4700::1111]', null, {}],
      ['/z', '[::ffff:808:404]', null, {}],
      ['/w', 'v6.example.com', null, {}],
    ]);
  });

  it('the deployed notifier refuses every internal address, literal or resolved, naming the block, and connects to none', async () => {
    const notifier = awsPorts().notifier!;
    const before = dialled.to.length;
    for (const [address, block] of INTERNAL) {
      const literal = address.includes(':') ? `[${address}]` : address;
      await expect(notifier.post(`http://${literal}/x`, '{}', {}), address).rejects.toThrow(/is an internal address/);
      await expect(notifier.post(`http://${literal}/x`, '{}', {}), address).rejects.toThrow(block);
      dns.answers.set('inside.example.com', [{ address, family: net.isIP(address) }]);
      await expect(notifier.post('http://inside.example.com/x', '{}', {}), address).rejects.toThrow(
        /inside\.example\.com is an internal address/,
      );
    }
    // One internal answer among public ones is enough to refuse.
    dns.answers.set('mixed.example.com', [
      { address: '8.8.8.8', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ]);
    await expect(notifier.post('http://mixed.example.com/x', '{}', {})).rejects.toThrow(/10\.0\.0\.1: Private-Use/);
    expect(dialled.to.length).toBe(before);
  });

  it('the push agent’s lookup passes public IPv4 and IPv6 answers and refuses internal ones with the block named', async () => {
    const answering = (found: LookupAddress[]) =>
      ((_h: string, _o: unknown, done: (e: Error | null, a: LookupAddress[]) => void) => done(null, found)) as unknown as Parameters<
        typeof vettingLookup
      >[1];
    const ask = (found: LookupAddress[]) =>
      new Promise<{ error: Error | null; address: unknown }>((done) =>
        vettingLookup(false, answering(found))('push.example.com', { all: false }, (error, address) => done({ error, address })),
      );
    for (const address of [...PUBLIC_V4, ...PUBLIC_V6]) {
      expect(await ask([{ address, family: net.isIP(address) }]), address).toEqual({ error: null, address });
    }
    for (const [address, block] of INTERNAL) {
      const { error } = await ask([{ address, family: net.isIP(address) }]);
      expect(error?.message, address).toMatch(/push\.example\.com is an internal address/);
      expect(error?.message, address).toMatch(block);
    }
  });

  it('one declared list: the family decides, a mapped address is its IPv4 address, every block is refused and public space is not', () => {
    for (const a of [...PUBLIC_V4, ...PUBLIC_V6]) expect(specialPurpose(a), a).toBeUndefined();
    for (const a of PUBLIC_V4) expect(specialPurpose(`::ffff:${a}`), a).toBeUndefined();
    for (const b of SPECIAL_IPV4) {
      expect(specialPurpose(b.prefix), b.prefix).toBe(b.name);
      expect(specialPurpose(`::ffff:${b.prefix}`), b.prefix).toBe(b.name);
    }
    for (const b of SPECIAL_IPV6) expect(specialPurpose(b.prefix), b.prefix).toBeDefined();
    expect(specialPurpose('hooks.example.com')).toBe('not an IP address');
  });
});
