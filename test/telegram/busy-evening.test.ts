// A busy day played beside Telegram (issue 45 with issue 47): forty ballots at once are each answered by
// their own commit while the bot's sends wait their turn; the group hears the count a few times, not forty,
// paced to Telegram's one message a second a chat, and the last post it hears is the final count.
import { describe, expect, it } from 'vitest';
import { SEVEN, startSeven } from '../integration/lupus-table.js';
import { say, sentTo, tgUser } from './helpers.js';
import { botStack } from './bot-stack.js';

/** Telegram's own pace for one chat (the pacer's default), kept here so the gaps are the real ones. */
const PER_CHAT_MS = 1_000;
const GROUP = -2047;
const bot = botStack({ perChatMs: PER_CHAT_MS });
const { telegram, stack, api } = bot;

const settled = async () => {
  await stack.effects!.caughtUp();
  await stack.deliveries.drain();
};
const VOTERS = ['anna', 'carla', 'dario', 'fabio', 'gina'] as const;
const names: Record<string, string> = Object.fromEntries(SEVEN.map((p) => [p.id, p.name]));

describe('a busy day beside Telegram (issues 45 and 47)', { timeout: 300_000 }, () => {
  it('LUP-8: forty ballots at once are all taken; the group gets the count a few times, a second apart, the last one final', async () => {
    const m = await startSeven(api, {}, 'tg-busy');
    await settled();
    const gm = await api.post(`/api/matches/${m.matchId}/gm/telegram-code`, {}, m.gm);
    await say(telegram, tgUser(900, 'Gm'), gm.body.command, GROUP);
    await sentTo(telegram, GROUP, (t) => t.includes('Questo gruppo ora segue'));
    for (const [i, p] of SEVEN.entries()) {
      const link = await api.post(`/api/matches/${m.matchId}/telegram-link`, {}, m.tokens[p.id]);
      const user = tgUser(501 + i, p.name);
      await say(telegram, user, `/start ${new URL(link.body.link).searchParams.get('start')}`);
      await sentTo(telegram, user.id, (t) => t.startsWith('<b>La tua carta</b>'));
    }
    expect((await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm)).status).toBe(200);
    await settled();
    const from = telegram.calls.length;

    // Each voter changes his mind eight times, all forty requests sent together.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, k) =>
        api.post(
          `/api/matches/${m.matchId}/me/actions`,
          { type: 'vote', target: (k + Math.floor(k / 5)) % 2 ? 'bruno' : 'elena', phase: 'day-1' },
          m.tokens[VOTERS[k % VOTERS.length]!],
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(201));
    await settled();

    const posts = telegram.calls.slice(from).filter((c) => c.method === 'sendMessage' && c.params.chat_id === GROUP);
    const counts = posts.filter((c) => String(c.params.text).includes('Conta dei voti'));
    // Coalesced: the consumer publishes what each batch committed, not one post per ballot.
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.length).toBeLessThan(40);
    // Paced: one message a second to the group (the fake server stamps each on arrival; a little slack
    // for the earlier one's own trip, never half a second).
    for (let i = 1; i < posts.length; i++) expect(posts[i]!.at - posts[i - 1]!.at).toBeGreaterThanOrEqual(PER_CHAT_MS - 200);
    // The last count the group reads is the final one: each line's target with its voters, as GET /votes has it.
    const final = (await api.get(`/api/matches/${m.matchId}/votes`)).body as { lines: Array<{ target: string; voters: string[] }> };
    const last = String(counts.at(-1)!.params.text);
    expect(final.lines.length).toBeGreaterThan(0);
    for (const line of final.lines) {
      const row = last.split('\n').find((l) => l.includes(names[line.target]!));
      expect(row, `the last post's line for ${line.target}`).toBeDefined();
      for (const voter of line.voters) expect(row).toContain(names[voter]!);
    }
    // Nothing of the day went to a player's private chat but what was his (no one's ballot is private here).
    expect(telegram.calls.slice(from).filter((c) => c.method === 'sendMessage' && c.params.chat_id !== GROUP)).toEqual([]);
  });
});
