// Issue 41: an action's body is strict in every ruleset. The documented body (the ruleset's declared
// fields, `actionFields`) is stored; the same body with one more key is refused 400 `unknown-field`,
// naming the key, and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rulesets } from '../rulesets.js';
import { client } from '../setup/stack.js';
import { snapshotStack, type Snapshotting } from './helpers.js';
import { openSecretPhase, RULESETS, startSecret, type Api, type Table } from './secret-tables.js';

let env: Snapshotting;
let api: Api;

beforeAll(async () => {
  env = await snapshotStack();
  api = client(env.stack.url);
});
afterAll(async () => env?.stack.stop());

describe('issue 41: every action body is strict', () => {
  for (const table of RULESETS) {
    it(`${table.ruleset}: one unknown key is refused 400 unknown-field naming it, nothing stored; the documented body is stored`, async () => {
      const t: Table = await startSecret(api, table, { seed: `fields-${table.ruleset}` });
      await openSecretPhase(api, table, t);
      const path = `/api/matches/${t.matchId}/me/actions`;
      const token = t.tokens[table.holder]!;
      const documented = table.acts[0] as { type: string };
      // The body the test sends as documented uses only the declared fields of its type.
      for (const key of Object.keys(documented))
        if (key !== 'type') expect(rulesets[table.ruleset]!.actionFields[documented.type]).toContain(key);

      const before = await env.settled(t.matchId);
      for (const extra of [{ colour: 'red' }, { player: 'p2' }, { target2: { nested: true } }]) {
        const refused = await api.post(path, { ...documented, ...extra }, token);
        const key = Object.keys(extra)[0]!;
        expect(refused.status, JSON.stringify(refused.body)).toBe(400);
        expect(refused.body).toEqual({
          error: { code: 'unknown-field', message: expect.stringContaining(`"${key}"`), params: { field: key, action: documented.type } },
        });
      }
      expect(await env.snapshot(t.matchId)).toBe(before);

      const phase = (await api.get(`/api/matches/${t.matchId}`)).body.phase as string;
      const stored = await api.post(path, { ...documented, phase }, token);
      expect(stored.status, JSON.stringify(stored.body)).toBe(201);
      const gm = (await api.get(`/api/matches/${t.matchId}/gm`, t.gm)).body as { pending: Array<{ action: unknown }> };
      expect(gm.pending.map((p) => p.action)).toContainEqual(documented);
    });
  }
});
