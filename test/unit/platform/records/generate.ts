// Writes the exported match records (`GET /api/matches/{id}/export`) that test/unit/platform/replay.test.ts
// and given-events.test.ts replay without the stack. Run it again when the engine or the record format
// changes: `npx tsx test/unit/platform/records/generate.ts` (it starts DynamoDB Local and a local stack;
// Java 17 is needed). Each file is the record as exported, its JSON indented by one space.
import { writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDynamoLocal } from '../../../../functions/local/dynamodb-local.js';
import { startLocalStack } from '../../../../functions/local/stack.js';
import { startSeven } from '../../../integration/lupus-table.js';
import { runScenario } from '../../../scenario/run.js';
import { loadScenario } from '../../../scenario/scenario.js';
import { ApiDriver } from '../../../scenario/via-api.js';
import { client } from '../../../setup/stack.js';
import { shortcuts } from '../../../toolkit/helpers.js';
import { scenarioRoot } from '../../../scenario/roots.js';

const here = dirname(fileURLToPath(import.meta.url));
const shared = scenarioRoot();

const dynamo = await startDynamoLocal();
const stack = await startLocalStack({
  dynamoEndpoint: dynamo.endpoint,
  tableName: `gen-${randomBytes(4).toString('hex')}`,
  sweepEveryMs: 500,
});
const api = client(stack.url);

async function save(file: string, matchId: string, gm: string) {
  const r = await api.get(`/api/matches/${matchId}/export`, gm);
  if (r.status !== 200) throw new Error(`${file}: export ${r.status} ${JSON.stringify(r.body)}`);
  const replay = await api.post(`/api/matches/${matchId}/replay`, {}, gm);
  if (replay.body?.identical !== true) throw new Error(`${file}: replay ${JSON.stringify(replay.body).slice(0, 400)}`);
  const text = `${JSON.stringify(r.body, null, 1)}\n`;
  writeFileSync(join(here, file), text);
  console.log(`${file}: ${text.length} bytes, phases ${r.body.match.history.join(' ')}, status ${r.body.match.status}`);
}

async function scenario(file: string, path: string) {
  const driver = new ApiDriver(stack.url);
  const played = await runScenario(driver, loadScenario(path));
  if (played.failure) throw new Error(`${path}: ${JSON.stringify(played.failure)}`);
  const { matchId, gmToken } = driver as unknown as { matchId: string; gmToken: string };
  await save(file, matchId, gmToken);
}

try {
  // Lupus, running at day-2: a check, a pack post, no-show notices, a substitution, a vote replaced,
  // withdrawn and cast again, an abstention, a removal (the match of test/toolkit/record.test.ts).
  {
    const m = await startSeven(api, { 'no-show': 'warn' }, 'records');
    const s = shortcuts(api, m);
    await s.act('anna', { type: 'investigate', target: 'bruno' });
    await s.post('bruno', 'pack', 'we wait');
    await s.resolve('night-1');
    const fabio = (await api.post(`${s.base}/players/fabio/substitute`, { name: 'Fabrizio' }, m.gm)).body.token;
    for (const p of ['anna', 'carla', 'gina']) await s.act(p, { type: 'vote', target: 'bruno' });
    await api.post(`${s.base}/me/actions`, { type: 'vote', target: 'bruno' }, fabio);
    await s.act('carla', { type: 'vote', target: 'elena' });
    await api.del(`${s.base}/me/actions/ballot`, m.tokens.carla);
    await s.act('carla', { type: 'vote', target: 'bruno' });
    await s.act('bruno', { type: 'vote', target: 'anna' });
    await s.act('elena', { type: 'abstain' });
    await s.post('gina', 'public', 'Bruno, of course');
    await api.del(`${s.base}/players/dario`, m.gm);
    await s.resolve('day-1');
    await s.act('elena', { type: 'maul', target: 'carla' });
    await s.resolve('night-2');
    await save('lupus-seven.json', m.matchId, m.gm);
  }
  // Lupus ended by the GM (a forced end) during day-1, after a vote.
  {
    const m = await startSeven(api, {}, 'forced');
    const s = shortcuts(api, m);
    await s.resolve('night-1');
    await s.act('anna', { type: 'vote', target: 'bruno' });
    const ended = await api.post(`${s.base}/end`, { winner: 'village' }, m.gm);
    if (ended.status !== 200) throw new Error(`end: ${JSON.stringify(ended.body)}`);
    await save('lupus-forced.json', m.matchId, m.gm);
  }
  // A lobby: never started, no events.
  {
    const created = await api.post('/api/matches', { ruleset: 'lupus', name: 'Still waiting', sandbox: true, settings: {} });
    if (created.status !== 201) throw new Error(`lobby: ${JSON.stringify(created.body)}`);
    await api.post(`/api/matches/${created.body.matchId}/players`, { name: 'Anna', playerId: 'anna' });
    await save('lupus-lobby.json', created.body.matchId, created.body.gmToken);
  }
  // The shared scenarios: Lupus to the village's win, Mafia's first day and night, Kill Game's last survivor.
  await scenario('lupus-p01.json', join(shared, 'lupus/lup-p01-first-night-and-village-win.json'));
  await scenario('mafia-p01.json', join(shared, 'mafia/maf-p01-first-day-and-night.json'));
  await scenario('killgame-p03.json', join(shared, 'killgame/kg-p03-last-survivor.json'));
  // Kill Game's first turn: tactic-2 opens with the market (events of its opening).
  await scenario('killgame-p01.json', join(shared, 'killgame/kg-p01-first-turn.json'));
} finally {
  await stack.stop();
  await dynamo.stop();
}
