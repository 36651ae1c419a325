// A three-phase Lupus match (night, day vote, night with a maul) played through an API client, the
// same way on an undisturbed stack and on a disturbed one, so that the two records can be compared.
import { expect } from 'vitest';
import { startSeven, type Api, type SevenMatch } from '../integration/lupus-table.js';

export interface Played {
  match: SevenMatch;
  /** Requests that failed with a 5xx and were sent again, as a client would. */
  clientRetries: number;
}

export interface ScriptHooks {
  /** Called before every request (move a hand-driven clock here, so that submissions have an order). */
  tick?(): void;
  /** Called once the match has started (turn the faults on here). */
  started?(match: SevenMatch): void | Promise<void>;
  /** Called after each GM resolve; must leave the phase resolved (e.g. wait out a lease and sweep). */
  afterResolve?(match: SevenMatch, phase: string): Promise<void>;
}

type Call = () => Promise<{ status: number; body: any }>;

export async function playScript(api: Api, seed: string, hooks: ScriptHooks = {}): Promise<Played> {
  let clientRetries = 0;
  /** A client that sends a request again after a 5xx (what the page does), up to five times. */
  const send = async (call: Call, ok: number[] = [200, 201]) => {
    hooks.tick?.();
    for (let attempt = 0; ; attempt++) {
      const r = await call();
      if (r.status < 500 || attempt >= 5) {
        expect(ok, JSON.stringify(r.body)).toContain(r.status);
        return r;
      }
      clientRetries++;
    }
  };
  const match = await startSeven(api, {}, seed);
  await hooks.started?.(match);
  const act = (who: string, body: object) =>
    send(() => api.post(`/api/matches/${match.matchId}/me/actions`, body, match.tokens[who]), [201]);
  const resolve = async (phase: string) => {
    // A resolve that failed half-way may have closed the phase already: 409 wrong-phase then.
    await send(() => api.post(`/api/matches/${match.matchId}/resolve`, { phase }, match.gm), [200, 409]);
    await hooks.afterResolve?.(match, phase);
  };

  await act('anna', { type: 'investigate', target: 'bruno' });
  await act('anna', { type: 'investigate', target: 'elena' }); // replaces the first
  await resolve('night-1');

  for (const p of ['anna', 'carla', 'dario', 'fabio', 'gina']) await act(p, { type: 'vote', target: 'bruno' });
  await act('bruno', { type: 'vote', target: 'anna' });
  await act('elena', { type: 'vote', target: 'anna' });
  await send(() => api.del(`/api/matches/${match.matchId}/me/actions/ballot`, match.tokens.gina));
  await act('gina', { type: 'vote', target: 'bruno' });
  await send(
    () => api.post(`/api/matches/${match.matchId}/channels/public/messages`, { text: 'bruno, really?' }, match.tokens.carla),
    [201],
  );
  await resolve('day-1');

  await act('elena', { type: 'maul', target: 'gina' });
  await act('anna', { type: 'investigate', target: 'carla' });
  await resolve('night-2');
  return { match, clientRetries };
}
