// Who is calling a player route (functions/service/callers.ts): the player whose token it is, or one answer
// for every token that is not his, bar the two a person should be told (his seat went to a substitute; he
// used the GM's link). Called directly, on the real store (DynamoDB Local through the AWS adapter).
import { beforeAll, describe, expect, it } from 'vitest';
import { badToken, findPlayerCaller } from '../../functions/service/callers.js';
import { DomainError } from '../../functions/service/errors.js';
import { substitute } from '../../functions/service/toolkit/substitute.js';
import { lobbyWithAnna, startSeven, type SevenMatch } from '../integration/lupus-table.js';
import { handClock } from '../setup/clock.js';
import { useStack } from '../setup/stack.js';

const clock = handClock();
const { stack, api } = useStack({ clock, sweepEveryMs: 3_600_000 });

let m: SevenMatch;
let m2: SevenMatch;
beforeAll(async () => {
  [m, m2] = await Promise.all([startSeven(api, {}, 'callers'), lobbyWithAnna(api)]);
});

/** What a refused caller is told: the reason, the message and its numbers. */
const refused = async (run: Promise<unknown>) => {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  const { reason, message, params } = error as DomainError;
  return { reason, message, params };
};
const UNAUTHORIZED = { reason: 'unauthorized', message: 'The token is not valid for this match.', params: undefined };
/** Anna's token with another secret of the same length. */
const forged = (token: string) => `${token.slice(0, token.indexOf('.') + 1)}${'A'.repeat(token.length - token.indexOf('.') - 1)}`;

describe('findPlayerCaller', () => {
  it("a player's own token finds him and his match: META and his record as stored, the ruleset loaded", async () => {
    const caller = await findPlayerCaller(stack.ports, m.matchId, m.tokens.anna!);
    expect(caller.player).toEqual(await stack.ports.store.getPlayer(m.matchId, 'anna'));
    expect(caller.loaded.meta).toEqual(await stack.ports.store.getMeta(m.matchId));
    expect(caller.loaded.ruleset.id).toBe('lupus');
    expect((await findPlayerCaller(stack.ports, m.matchId, m.tokens.bruno!)).player.id).toBe('bruno');
  });

  it("the same answer for a forged secret, a seat that does not exist, another match's token and a token of no form", async () => {
    expect(await refused(findPlayerCaller(stack.ports, m.matchId, forged(m.tokens.anna!)))).toEqual(UNAUTHORIZED);
    expect(await refused(findPlayerCaller(stack.ports, m.matchId, `zed.${'A'.repeat(43)}`))).toEqual(UNAUTHORIZED);
    expect(await refused(findPlayerCaller(stack.ports, m.matchId, m2.tokens.anna!))).toEqual(UNAUTHORIZED);
    expect(await refused(findPlayerCaller(stack.ports, m.matchId, 'not-a-token'))).toEqual(UNAUTHORIZED);
    expect(await refused(findPlayerCaller(stack.ports, m.matchId, ''))).toEqual(UNAUTHORIZED);
    expect(await refused(Promise.reject(badToken()))).toEqual(UNAUTHORIZED);
  });

  it("the GM's own token on a player route is told to use /as/{playerId}; another match's GM token is just not valid", async () => {
    expect(await refused(findPlayerCaller(stack.ports, m.matchId, m.gm))).toEqual({
      reason: 'player-only',
      message: 'This is a player route; the GM uses /as/{playerId}.',
      params: undefined,
    });
    expect(await refused(findPlayerCaller(stack.ports, m.matchId, m2.gm))).toEqual(UNAUTHORIZED);
  });

  it('an unknown match is not found, whatever the token', async () => {
    const notFound = { reason: 'not-found', message: 'Match not found.', params: undefined };
    expect(await refused(findPlayerCaller(stack.ports, 'no-such-match', m.tokens.anna!))).toEqual(notFound);
    expect(await refused(findPlayerCaller(stack.ports, 'no-such-match', 'junk'))).toEqual(notFound);
  });

  it("a seat taken by a substitute: the old link is told so with the new holder's name; the new link works; a re-issued token is just invalid", async () => {
    const old = m.tokens.carla!;
    const { token } = await substitute(stack.ports, m.matchId, 'carla', 'Carlotta');
    expect(await refused(findPlayerCaller(stack.ports, m.matchId, old))).toEqual({
      reason: 'seat-replaced',
      message: 'A substitute now holds this seat.',
      params: { name: 'Carlotta' },
    });
    expect((await findPlayerCaller(stack.ports, m.matchId, token)).player).toMatchObject({ id: 'carla', name: 'Carlotta' });
    // The same name again only re-issues a lost link: the lost one is not a replaced person's.
    const { token: reissued } = await substitute(stack.ports, m.matchId, 'carla', 'Carlotta');
    expect(await refused(findPlayerCaller(stack.ports, m.matchId, token))).toEqual(UNAUTHORIZED);
    expect((await findPlayerCaller(stack.ports, m.matchId, reissued)).player.name).toBe('Carlotta');
    // A forged secret on a replaced seat is still just invalid.
    expect(await refused(findPlayerCaller(stack.ports, m.matchId, forged(old)))).toEqual(UNAUTHORIZED);
    // A third person takes the seat: both earlier people's links are told so, with who holds it now.
    const { token: third } = await substitute(stack.ports, m.matchId, 'carla', 'Carina');
    const replaced = { reason: 'seat-replaced', message: 'A substitute now holds this seat.', params: { name: 'Carina' } };
    expect(await refused(findPlayerCaller(stack.ports, m.matchId, old))).toEqual(replaced);
    expect(await refused(findPlayerCaller(stack.ports, m.matchId, reissued))).toEqual(replaced);
    expect((await findPlayerCaller(stack.ports, m.matchId, third)).player.name).toBe('Carina');
  });
});
