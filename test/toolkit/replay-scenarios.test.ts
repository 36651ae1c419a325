// Every ruleset: each shared scenario, played through the API, replays byte for byte, and so does its imported copy.
import { existsSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../functions/local/stack.js';
import { runScenario } from '../scenario/run.js';
import { loadScenario, scenarioFiles } from '../scenario/scenario.js';
import { ApiDriver } from '../scenario/via-api.js';
import { client, testStack } from '../setup/stack.js';
import { scenarioRoot } from '../scenario/roots.js';

const root = scenarioRoot();
const files = scenarioFiles([root]);

let stack: LocalStack;
beforeAll(async () => {
  stack = await testStack();
});
afterAll(async () => stack?.stop());

describe('replay of the shared scenarios', () => {
  it('has scenarios to replay', () => expect(files.length).toBeGreaterThan(0));

  it.each(files.map((f) => [`${basename(dirname(f))}/${basename(f)}`, f]))(
    '%s replays identically, and its import too',
    async (_label, file) => {
      const api = client(stack.url);
      const driver = new ApiDriver(stack.url);
      const played = await runScenario(driver, loadScenario(file));
      expect(played.failure ?? 'ok').toBe('ok');
      const { matchId, gmToken } = driver as unknown as { matchId: string; gmToken: string };
      const replay = await api.post(`/api/matches/${matchId}/replay`, {}, gmToken);
      expect(replay.body, JSON.stringify(replay.body).slice(0, 600)).toMatchObject({ identical: true });
      const record = (await api.get(`/api/matches/${matchId}/export`, gmToken)).body;
      const imported = await api.post('/api/matches/import', record);
      expect(imported.status, JSON.stringify(imported.body).slice(0, 600)).toBe(201);
      expect(imported.body.identical, JSON.stringify(imported.body.firstDifference ?? null).slice(0, 600)).toBe(true);
    },
  );
});
