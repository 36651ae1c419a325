// The local adapters for real: the folder publisher and the timer scheduler.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FolderPublisher } from '../../functions/adapters/local/folder-publisher.js';
import { TimerScheduler } from '../../functions/adapters/local/timer-scheduler.js';

const dir = mkdtempSync(join(tmpdir(), 'dusk-site-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('FolderPublisher', () => {
  it('writes files under the site folder and refuses keys that escape it', async () => {
    const publisher = new FolderPublisher(dir);
    await publisher.put('matches/m1/index.json', '{"id":"m1"}');
    expect(readFileSync(join(dir, 'matches/m1/index.json'), 'utf8')).toBe('{"id":"m1"}');
    await expect(publisher.put('../escape.json', 'x')).rejects.toThrow(/escapes/);
  });
});

describe('TimerScheduler', () => {
  it('fires the resolver at the deadline, once; a replaced trigger fires at its new time only', async () => {
    const fired: string[] = [];
    const scheduler = new TimerScheduler();
    scheduler.start(
      async (m, p) => fired.push(`${m}/${p}@${Date.now()}`),
      async () => undefined,
      60_000,
    );
    const t0 = Date.now();
    await scheduler.schedule('m', 'night-1', t0 + 100);
    await scheduler.schedule('m', 'night-1', t0 + 300);
    await new Promise((r) => setTimeout(r, 500));
    scheduler.stop();
    expect(fired).toHaveLength(1);
    expect(Number(fired[0]!.split('@')[1])).toBeGreaterThanOrEqual(t0 + 300);
  });

  it('a cancelled trigger never fires, and the loop sweeps the table on its own', async () => {
    let swept = 0;
    const fired: string[] = [];
    const scheduler = new TimerScheduler();
    scheduler.start(
      async (m, p) => fired.push(`${m}/${p}`),
      async () => swept++,
      50,
    );
    await scheduler.schedule('m', 'day-1', Date.now() + 100);
    await scheduler.cancel('m', 'day-1');
    await new Promise((r) => setTimeout(r, 300));
    scheduler.stop();
    expect(fired).toEqual([]);
    expect(swept).toBeGreaterThan(2);
  });
});
