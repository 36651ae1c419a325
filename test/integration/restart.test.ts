// The local stack restarted in the middle of a phase: nothing lost, the deadline kept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalStack } from '../../functions/local/stack.js';
import { client } from '../setup/stack.js';
import { startSeven } from './lupus-table.js';

const dataDir = mkdtempSync(join(tmpdir(), 'dusk-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a restart of the local stack mid-phase', () => {
  it('keeps the accepted actions and the deadline, and the phase still resolves', async () => {
    const first = await startLocalStack({ dataDir, phaseSeconds: 4, sweepEveryMs: 200 });
    const api1 = client(first.url);
    const m = await startSeven(api1, {}, 'restart');
    const sent = await api1.post(`/api/matches/${m.matchId}/me/actions`, { type: 'investigate', target: 'bruno' }, m.tokens.anna);
    expect(sent.status).toBe(201);
    const before = (await api1.get(`/api/matches/${m.matchId}`)).body;
    await first.stop();

    const second = await startLocalStack({ dataDir, phaseSeconds: 4, sweepEveryMs: 200 });
    try {
      const api2 = client(second.url);
      const after = (await api2.get(`/api/matches/${m.matchId}`)).body;
      expect(after.deadline).toBe(before.deadline);
      expect(after.phase).toBe('night-1');
      const gm = (await api2.get(`/api/matches/${m.matchId}/gm`, m.gm)).body;
      expect(gm.pending.map((p: any) => p.action)).toEqual([{ type: 'investigate', target: 'bruno' }]);
      // The old tokens still work after the restart.
      expect((await api2.get(`/api/matches/${m.matchId}/me`, m.tokens.anna)).status).toBe(200);
      // The restarted loop finds the due phase in the table and resolves it (LUP-7.14's result arrives).
      let me: any;
      for (let i = 0; i < 60; i++) {
        me = (await api2.get(`/api/matches/${m.matchId}/me`, m.tokens.anna)).body;
        if (me.match.phase !== 'night-1') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(me.match.phase).toBe('day-1');
      expect(me.events).toContainEqual(expect.objectContaining({ kind: 'investigation-result', target: 'bruno', result: 'shady' }));
    } finally {
      await second.stop();
    }
  }, 180_000);
});
