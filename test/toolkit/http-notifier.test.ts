// The webhook sender's guard: a deployed API never posts to loopback, private or link-local addresses.
import { describe, expect, it } from 'vitest';
import { HttpNotifier } from '../../functions/adapters/http-notifier.js';
import { receiver } from './helpers.js';

describe('HttpNotifier', () => {
  it('refuses internal addresses unless allowed (the local stack), and never follows a redirect', async () => {
    const r = await receiver((x) => (x.path === '/redirect' ? 302 : 204));
    try {
      const deployed = new HttpNotifier();
      for (const url of [
        `${r.base}/x`,
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]:9/',
        'http://10.0.0.1/',
        'http://localhost:9/',
      ]) {
        await expect(deployed.post(url, '{}', {}), url).rejects.toThrow(/internal address/);
      }
      expect(r.requests).toHaveLength(0);
      const local = new HttpNotifier({ allowInternal: true, timeoutMs: 2_000 });
      expect(await local.post(`${r.base}/x`, '{"a":1}', { 'idempotency-key': 'k' })).toEqual({ status: 204 });
      expect(await local.post(`${r.base}/redirect`, '{}', {})).toEqual({ status: 302 });
      expect(r.requests.map((x) => [x.path, x.headers['idempotency-key'] ?? null, x.body])).toEqual([
        ['/x', 'k', { a: 1 }],
        ['/redirect', null, {}],
      ]);
    } finally {
      await r.close();
    }
  });
});
