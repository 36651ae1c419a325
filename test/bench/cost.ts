// The cost model: DynamoDB capacity units a 13-player Lupus match consumes, read from DynamoDB's own
// report (`ReturnConsumedCapacity: 'TOTAL'`, the store's optional CapacityCounter), per submission,
// per resolution (the close and its files) and per match-day (a night and a day: every player opens
// his page once a phase, lists his actions and submits one), priced at on-demand rates.
import type { AvailableAction } from '../../engine/core/types.js';
import { CapacityCounter, DynamoStore } from '../../functions/adapters/aws/dynamo-store.js';
import { localClient } from '../../functions/local/dynamodb-local.js';
import type { LocalStack } from '../../functions/local/stack.js';
import { client } from '../setup/stack.js';
import { round } from './measure.js';

/** us-east-1 on-demand, per million request units. */
export const PRICES = { writePerMillion: 0.625, readPerMillion: 0.125 };

export interface Units {
  read: number;
  write: number;
}
export interface CostResult {
  ruleset: string;
  players: number;
  prices: typeof PRICES;
  /** Mean per accepted submission (POST /me/actions): each player's first of the phase, after META moved. */
  perSubmission: Units;
  /** Mean per submission of a player this process served since META last moved (a change of mind): its one transaction, plus the vote count republished after a public ballot (toolkit/hooks.ts afterBallot). */
  perWarmSubmission: Units;
  /** Mean per page open (GET /me) and per action list (GET /me/actions). */
  perPageOpen: Units;
  perActionList: Units;
  /** Mean per phase close: the resolution, its commit and its published files. */
  perResolution: Units;
  /** One night and one day with every living player acting. */
  perMatchDay: Units & { submissions: number; dollars: number };
  /** Dollars per 1,000 submissions (the submissions' own units) and per 1,000 with their share of the day. */
  dollarsPer1000Actions: { submissionsOnly: number; withResolutionsAndPages: number };
}

const dollars = (u: Units) => (u.read * PRICES.readPerMillion + u.write * PRICES.writePerMillion) / 1e6;
const mean = (xs: Units[]): Units => ({
  read: round(xs.reduce((a, x) => a + x.read, 0) / Math.max(1, xs.length), 2),
  write: round(xs.reduce((a, x) => a + x.write, 0) / Math.max(1, xs.length), 2),
});

export async function benchCost(stack: LocalStack, tableName: string, days: number, log: (s: string) => void): Promise<CostResult> {
  const counter = new CapacityCounter();
  const plain = stack.ports.store;
  stack.ports.store = new DynamoStore({ client: localClient(stack.dynamoEndpoint), tableName, capacity: counter });
  const api = client(stack.url);
  const players = 13;
  try {
    const created = await api.post('/api/matches', { ruleset: 'lupus', name: 'Cost', settings: {} });
    const { matchId, gmToken } = created.body as { matchId: string; gmToken: string };
    const tokens: string[] = [];
    for (let i = 0; i < players; i++)
      tokens.push((await api.post(`/api/matches/${matchId}/players`, { name: `Cost ${i + 1}` })).body.token);
    const started = await api.post(`/api/matches/${matchId}/start`, {}, gmToken);
    if (started.status !== 200) throw new Error(`cost match did not start: ${JSON.stringify(started.body)}`);
    const settle = async () => {
      for (let i = 0; i < 500 && (await plain.getMeta(matchId))?.needsPublish !== null; i++) await new Promise((r) => setTimeout(r, 10));
    };
    await settle();
    counter.take();

    const submissions: Units[] = [];
    const warm: Units[] = [];
    const pages: Units[] = [];
    const lists: Units[] = [];
    const resolutions: Units[] = [];
    const daysUnits: Array<Units & { submissions: number }> = [];
    for (let d = 0; d < days; d++) {
      const day = { read: 0, write: 0, submissions: 0 };
      const add = (u: Units) => ((day.read += u.read), (day.write += u.write), u);
      for (let phaseOfDay = 0; phaseOfDay < 2; phaseOfDay++) {
        const meta = await plain.getMeta(matchId);
        if (!meta || meta.status !== 'running') break;
        for (const [i, token] of tokens.entries()) {
          const me = await api.get(`/api/matches/${matchId}/me`, token);
          pages.push(add(counter.take()));
          if (me.status !== 200) continue;
          const offered = (await api.get(`/api/matches/${matchId}/me/actions`, token)).body?.actions as AvailableAction[] | undefined;
          lists.push(add(counter.take()));
          const simple = (f: AvailableAction['fields'][string]) =>
            f.kind === 'player' || f.kind === 'choice' ? !f.required || f.options.length > 0 : false;
          const option = offered?.find((a) => Object.values(a.fields).every(simple));
          if (!option) continue;
          const body: Record<string, unknown> = { type: option.type };
          for (const [name, f] of Object.entries(option.fields)) {
            if ((f.kind === 'player' || f.kind === 'choice') && f.required) body[name] = f.options[(i * 7) % f.options.length];
          }
          const r = await api.post(`/api/matches/${matchId}/me/actions`, body, token);
          const u = add(counter.take());
          if (r.status === 201) {
            submissions.push(u);
            day.submissions++;
            // A change of mind on the first day (kept out of the day's figures): the warm path.
            if (d === 0 && i < 5 && (await api.post(`/api/matches/${matchId}/me/actions`, body, token)).status === 201)
              warm.push(counter.take());
          }
        }
        await api.post(`/api/matches/${matchId}/resolve`, {}, gmToken);
        await settle();
        resolutions.push(add(counter.take()));
      }
      daysUnits.push(day);
    }
    const perDay = mean(daysUnits);
    const subsPerDay = daysUnits.reduce((a, x) => a + x.submissions, 0) / Math.max(1, daysUnits.length);
    const perSubmission = mean(submissions);
    const result: CostResult = {
      ruleset: 'lupus',
      players,
      prices: PRICES,
      perSubmission,
      perWarmSubmission: mean(warm),
      perPageOpen: mean(pages),
      perActionList: mean(lists),
      perResolution: mean(resolutions),
      perMatchDay: { ...perDay, submissions: round(subsPerDay, 1), dollars: round(dollars(perDay), 8) },
      dollarsPer1000Actions: {
        submissionsOnly: round(dollars(perSubmission) * 1000, 6),
        withResolutionsAndPages: round((dollars(perDay) / Math.max(1, subsPerDay)) * 1000, 6),
      },
    };
    log(
      `cost: submission ${perSubmission.read} RRU + ${perSubmission.write} WRU; resolution ${result.perResolution.read} + ${result.perResolution.write}; day ${perDay.read} + ${perDay.write}`,
    );
    return result;
  } finally {
    stack.ports.store = plain;
  }
}
