// The published files leave the request path (issue 47, decision 11): a resolution, a start and the GM's
// controls answer at their commit, and the stream's consumer writes the site's files from what was committed,
// in order, the same bytes however often a record is delivered. A stalled bucket is a fault this machine
// cannot cause for real, so a publisher that holds every write until released stands in for it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StreamChange } from '../../functions/effects/changes.js';
import { consumeChanges } from '../../functions/effects/consume.js';
import type { LocalStack } from '../../functions/local/stack.js';
import type { Publisher } from '../../functions/ports.js';
import { startSeven } from '../integration/lupus-table.js';
import { effectsSettled, useStack } from '../setup/stack.js';
import { shortcuts } from '../toolkit/helpers.js';
import { finishRecord } from './finish-record.js';
import { writesDuring } from './publisher-writes.js';

const { stack, api } = useStack();
const inline = useStack({ streamEffects: false });
const BOUND = { timeout: 15_000, interval: 50 };

/** The site's bucket stalled: each write waits until `release()`; `keys` names the writes asked for. */
function stallPublisher(on: LocalStack) {
  const real = on.ports.publisher;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const keys: string[] = [];
  const stalled: Publisher = {
    put: async (key, body) => {
      keys.push(key);
      await gate;
      await real.put(key, body);
    },
    remove: async (key) => {
      await gate;
      await real.remove(key);
    },
  };
  on.ports.publisher = stalled;
  return {
    keys,
    release: () => {
      on.ports.publisher = real;
      open();
    },
  };
}

const file = (on: LocalStack, matchId: string, path: string) => join(on.siteDir, 'matches', matchId, path);
const read = (on: LocalStack, matchId: string, path: string) => readFileSync(file(on, matchId, path), 'utf8');

/** A match whose night 1 was resolved and published, and that finish's stream record (to hand over again). */
async function nightOneFinished(seed: string) {
  const m = await startSeven(api, {}, seed);
  const s = shortcuts(api, m);
  expect((await s.resolve('night-1')).status).toBe(200);
  await effectsSettled(stack);
  return { m, s, finish: await finishRecord(stack, m.matchId, 'night-1', `${seed}-1`) };
}

describe('published files from the stream (issue 47, decision 11)', () => {
  it('issue 47 / decision 11: the GM’s resolve answers while the site’s bucket is stalled; the phase’s file appears once it is released and the consumer catches up', async () => {
    const m = await startSeven(api, {}, 'stalled-bucket');
    const s = shortcuts(api, m);
    expect((await s.resolve('night-1')).status).toBe(200);
    for (const p of ['anna', 'carla', 'dario', 'fabio', 'gina'])
      expect((await s.act(p, { type: 'vote', target: 'bruno' })).status).toBe(201);
    await effectsSettled(stack);
    expect(JSON.parse(read(stack, m.matchId, 'index.json'))).toMatchObject({ status: 'running', phase: 'day-1' });
    const stall = stallPublisher(stack);
    try {
      const resolved = await s.resolve('day-1');
      expect(resolved.status).toBe(200);
      expect(resolved.body).toMatchObject({ resolved: 'day-1', phase: 'night-2' });
      // The consumer is at the bucket, held there; the GM already has his answer and the API says night 2.
      await expect.poll(() => stall.keys.some((k) => k.startsWith(`matches/${m.matchId}/`)), BOUND).toBe(true);
      expect((await s.summary()).phase).toBe('night-2');
      expect(existsSync(file(stack, m.matchId, 'phases/day-1.json'))).toBe(false);
      expect(JSON.parse(read(stack, m.matchId, 'index.json'))).toMatchObject({ phase: 'day-1' });
    } finally {
      stall.release();
    }
    await effectsSettled(stack);
    const day = JSON.parse(read(stack, m.matchId, 'phases/day-1.json'));
    expect(day).toMatchObject({ match: m.matchId, phase: 'day-1' });
    expect(day.events).toContainEqual(expect.objectContaining({ kind: 'death', player: 'bruno' }));
    expect(JSON.parse(read(stack, m.matchId, 'index.json'))).toMatchObject({ status: 'running', phase: 'night-2' });
    expect((await api.get(`/matches/${m.matchId}/phases/day-1.json`)).body).toEqual(day);
  }, 120_000);

  it('issue 47 / decision 11: a finish delivered again publishes again, byte for byte the same files', async () => {
    const { m, finish: record } = await nightOneFinished('redelivered-files');
    const paths = ['phases/night-1.json', 'index.json', 'phases/night-1.en.bbcode'];
    const before = paths.map((p) => read(stack, m.matchId, p));
    const store = stack.ports.store;
    const getMeta = store.getMeta.bind(store);
    let metaReads = 0;
    store.getMeta = (matchId) => ((metaReads += matchId === m.matchId ? 1 : 0), getMeta(matchId));
    let written: string[];
    try {
      written = await writesDuring(stack, async () => {
        for (let i = 0; i < 2; i++) expect((await consumeChanges(stack.ports, [record])).failed).toEqual([]);
      });
    } finally {
      store.getMeta = getMeta;
    }
    expect(written.filter((k) => k === `matches/${m.matchId}/phases/night-1.json`)).toHaveLength(2);
    expect(metaReads, 'one read of META per delivery').toBe(2);
    expect(paths.map((p) => read(stack, m.matchId, p))).toEqual(before);
  }, 120_000);

  it('issue 47 / decision 11: a finish writes each post of its phase once, and the post before the open phase names the deadline as it stands (an extension in the same batch)', async () => {
    const { m, s, finish } = await nightOneFinished('posts-once');
    expect((await api.post(`${s.base}/extend`, { minutes: 90 }, m.gm)).status).toBe(200);
    await effectsSettled(stack);
    const posts = ['phases/night-1.en.bbcode', 'phases/night-1.ru.md', 'phases/night-1.it.bbcode'];
    const extended = posts.map((p) => read(stack, m.matchId, p));
    const now = { ...(await stack.ports.store.getMeta(m.matchId))! };
    const extension: StreamChange = { ...finish, id: 'posts-once-extend', before: finish.after, after: now };
    expect(now.deadline).not.toBe(finish.after?.deadline);
    const written = await writesDuring(stack, async () => {
      expect((await consumeChanges(stack.ports, [finish, extension])).failed).toEqual([]);
    });
    const postsWritten = written.filter((k) => /\/phases\/night-1\.\w+\.(bbcode|md)$/.test(k));
    expect(postsWritten.length).toBeGreaterThan(0);
    expect(new Set(postsWritten).size, 'each post once').toBe(postsWritten.length);
    // The finish's own META had the deadline before the extension; the post says the one that stands.
    expect(posts.map((p) => read(stack, m.matchId, p))).toEqual(extended);
  }, 120_000);

  it('issue 47 / decision 11: a publication that fails fails its match’s record (the stream retries it), and the retry writes the file', async () => {
    const { m, finish: record } = await nightOneFinished('failed-publication');
    const real = stack.ports.publisher;
    stack.ports.publisher = {
      put: async (key, body) => {
        if (key.startsWith(`matches/${m.matchId}/`)) throw new Error('bucket unavailable');
        await real.put(key, body);
      },
      remove: (key) => real.remove(key),
    };
    try {
      const failed = await consumeChanges(stack.ports, [record]);
      expect(failed.failed).toEqual([
        { matchId: m.matchId, firstId: 'failed-publication-1', error: expect.stringContaining('bucket unavailable') },
      ]);
    } finally {
      stack.ports.publisher = real;
    }
    const before = read(stack, m.matchId, 'phases/night-1.json');
    expect((await consumeChanges(stack.ports, [record])).failed).toEqual([]);
    expect(read(stack, m.matchId, 'phases/night-1.json')).toBe(before);
  }, 120_000);

  it('issue 47 / decision 11: the GM’s pause answers while the bucket is stalled; the published summary says paused once the consumer catches up', async () => {
    const m = await startSeven(api, {}, 'stalled-pause');
    await effectsSettled(stack);
    const stall = stallPublisher(stack);
    try {
      expect((await api.post(`/api/matches/${m.matchId}/pause`, {}, m.gm)).body).toMatchObject({ status: 'paused' });
      await expect.poll(() => stall.keys.some((k) => k.startsWith(`matches/${m.matchId}/`)), BOUND).toBe(true);
      expect(JSON.parse(read(stack, m.matchId, 'index.json'))).toMatchObject({ status: 'running' });
    } finally {
      stall.release();
    }
    await effectsSettled(stack);
    expect(JSON.parse(read(stack, m.matchId, 'index.json'))).toMatchObject({ status: 'paused', phase: 'night-1' });
  }, 120_000);

  it('issue 47: without the stream (streamEffects: false) the resolve publishes the phase before it answers, as before', async () => {
    const m = await startSeven(inline.api, {}, 'inline-files');
    expect((await shortcuts(inline.api, m).resolve('night-1')).status).toBe(200);
    expect(JSON.parse(read(inline.stack, m.matchId, 'phases/night-1.json'))).toMatchObject({ phase: 'night-1' });
    expect(JSON.parse(read(inline.stack, m.matchId, 'index.json'))).toMatchObject({ phase: 'day-1' });
  }, 120_000);
});
