// Every public scenario of shared/scenarios, in-process and through the live API (FORMAT.md); each match played
// through the API then replays byte for byte, and so does its imported copy (one play serves both).
import { basename, dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../functions/local/stack.js';
import { client, testStack } from '../setup/stack.js';
import { InProcessDriver } from './in-process.js';
import { runScenario } from './run.js';
import { loadScenario, scenarioFiles } from './scenario.js';
import { ApiDriver } from './via-api.js';
import { scenarioRoot } from './roots.js';

const root = scenarioRoot();
const files = scenarioFiles([root]);

describe('shared scenarios', () => {
  it('are there to run', () => {
    expect(files.length, `no scenario files under ${root}`).toBeGreaterThan(0);
  });

  describe.each(files.map((f) => [`${basename(dirname(f))}/${basename(f)}`, f]))('%s', (_label, file) => {
    it('passes in-process', async () => {
      const result = await runScenario(new InProcessDriver(), loadScenario(file));
      expect(result.failure ?? 'ok').toBe('ok');
    });
  });
});

describe('shared scenarios through the API', () => {
  let stack: LocalStack;
  beforeAll(async () => {
    stack = await testStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  describe.each(files.map((f) => [`${basename(dirname(f))}/${basename(f)}`, f]))('%s', (_label, file) => {
    /** The match the API played, for the replay that follows. */
    let played: { matchId: string; gmToken: string } | undefined;

    it('passes --via-api', async () => {
      const driver = new ApiDriver(stack.url);
      const result = await runScenario(driver, loadScenario(file));
      expect(result.failure ?? 'ok').toBe('ok');
      played = driver as unknown as { matchId: string; gmToken: string };
    });

    it('replays identically, and its import too', async () => {
      expect(played, 'the play through the API failed, so there is nothing to replay').toBeDefined();
      const { matchId, gmToken } = played!;
      const api = client(stack.url);
      const replay = await api.post(`/api/matches/${matchId}/replay`, {}, gmToken);
      expect(replay.body, JSON.stringify(replay.body).slice(0, 600)).toMatchObject({ identical: true });
      const record = (await api.get(`/api/matches/${matchId}/export`, gmToken)).body;
      const imported = await api.post('/api/matches/import', record);
      expect(imported.status, JSON.stringify(imported.body).slice(0, 600)).toBe(201);
      expect(imported.body.identical, JSON.stringify(imported.body.firstDifference ?? null).slice(0, 600)).toBe(true);
    });
  });
});
