// A whole Lupus match played from Telegram by seven fake users (issue 45): binding, roles in private, the
// seer's night action by buttons, the pack's chat only to the pack, public posts and vote counts in the
// group, a tie and its run-off, check and early close (check-mode), a maul, the end. Nothing private
// ever reaches the group or a player it is not for.
import { describe, expect, it } from 'vitest';
import { SEVEN, startSeven } from '../integration/lupus-table.js';
import { DICTS } from '../../texts/index.js';
import { pressIn, pressLabel, say, sentTo, texts, tgUser, type TgUser } from './helpers.js';
import { botStack } from './bot-stack.js';

const bot = botStack();
const { telegram, api } = bot;

const GROUP = -2001;
const PACK_SECRET = 'stanotte tocca a Gina';

describe('a Lupus match from Telegram (issue 45)', { timeout: 300_000 }, () => {
  it('seven players bind, act by buttons, tie, run off, maul and finish; the group reads only public posts', async () => {
    const m = await startSeven(api, { 'check-mode': true }, 'tg-lupus');
    const users: Record<string, TgUser> = Object.fromEntries(SEVEN.map((p, i) => [p.id, tgUser(201 + i, p.name)]));
    const u = (id: string) => users[id]!;
    const gm = await api.post(`/api/matches/${m.matchId}/gm/telegram-code`, {}, m.gm);
    await say(telegram, tgUser(900, 'Gm'), gm.body.command, GROUP);
    await sentTo(telegram, GROUP, (t) => t.includes('Questo gruppo ora segue'));
    for (const p of SEVEN) {
      const link = await api.post(`/api/matches/${m.matchId}/telegram-link`, {}, m.tokens[p.id]);
      await say(telegram, u(p.id), `/start ${new URL(link.body.link).searchParams.get('start')}`);
    }
    // LUP-4.5: each gets his own card, privately; a wolf knows his packmate.
    for (const p of SEVEN) await sentTo(telegram, u(p.id).id, (t) => t.startsWith('<b>La tua carta</b>'));
    expect(texts(telegram, u('bruno').id).find((t) => t.startsWith('<b>La tua carta</b>'))).toMatch(/Lupo mannaro[\s\S]*Elena/);
    expect(texts(telegram, u('carla').id).find((t) => t.startsWith('<b>La tua carta</b>'))).not.toMatch(/Lupo|Elena/);

    const phase = async () => (await api.get(`/api/matches/${m.matchId}`)).body;
    const waitPhase = (p: string | null) => expect.poll(async () => (await phase()).phase, { timeout: 60_000, interval: 100 }).toBe(p);
    const checkAll = async (ids: string[], p: string) => {
      for (const id of ids) expect(await pressLabel(telegram, u(id), '✓ Ho finito', p)).toBe('Fatto.');
    };
    const vote = async (id: string, target: string, p: string) => {
      await pressLabel(telegram, u(id), 'Votare', p);
      expect(await pressLabel(telegram, u(id), target, p)).toBe('Fatto.');
    };
    const alive = () => SEVEN.map((p) => p.id);

    // Night 1: the seer investigates Bruno by buttons; the pack talks in its channel.
    await pressLabel(telegram, u('anna'), 'Indagare', 'night-1');
    await pressLabel(telegram, u('anna'), 'Bruno', 'night-1');
    expect(await pressLabel(telegram, u('anna'), 'Salta', 'night-1')).toBe('Fatto.');
    expect((await api.post(`/api/matches/${m.matchId}/channels/pack/messages`, { text: PACK_SECRET }, m.tokens.bruno)).status).toBe(201);
    await sentTo(telegram, u('elena').id, (t) => t.includes(PACK_SECRET));
    // LUP-5.6: check and early close: everyone is done, the night closes before its deadline.
    await checkAll(alive(), 'night-1');
    await waitPhase('day-1');
    await sentTo(telegram, GROUP, (t) => t.includes('Notte 1'));
    // LUP-7.14: the seer's result comes to her alone.
    await sentTo(telegram, u('anna').id, (t) => t.includes('Bruno è'));

    // Day 1: three against three, Gina abstains from voting: a tie, so a run-off (LUP-8.5).
    for (const id of ['anna', 'carla', 'dario']) await vote(id, 'Bruno', 'day-1');
    for (const id of ['bruno', 'elena', 'fabio']) await vote(id, 'Anna', 'day-1');
    // The group gets the open day's count (a post of its own, under the match's name).
    await sentTo(telegram, GROUP, (t) => t.startsWith('<b>Seven at the village</b>\n'));
    await checkAll(alive(), 'day-1');
    await waitPhase('runoff-1');
    await sentTo(telegram, GROUP, (t) => t.includes('Giorno 1'));

    // Run-off: Bruno goes to the stake.
    for (const id of ['anna', 'carla', 'dario', 'gina']) await vote(id, 'Bruno', 'runoff-1');
    for (const id of ['bruno', 'elena', 'fabio']) await vote(id, 'Anna', 'runoff-1');
    await checkAll(alive(), 'runoff-1');
    await waitPhase('night-2');
    await sentTo(telegram, GROUP, (t) => t.includes('Ballottaggio 1'));
    const living = alive().filter((id) => id !== 'bruno');

    // Night 2: Elena mauls Gina by buttons (no mauler, no backup chosen).
    await pressLabel(telegram, u('elena'), /^Sbranare/, 'night-2');
    await pressLabel(telegram, u('elena'), 'Gina', 'night-2');
    // Each step asks its own question: the mauler's, then the backup's (both skipped).
    const maul = DICTS.it.actions.maul!;
    await pressIn(telegram, u('elena'), `${maul}: ${DICTS.it.fields.mauler ?? 'Mauler'}?`, 'Salta');
    expect(await pressIn(telegram, u('elena'), `${maul}: ${DICTS.it.fields.backup ?? 'Backup'}?`, 'Salta')).toBe('Fatto.');
    await checkAll(living, 'night-2');
    await waitPhase('day-2');
    const afterNight = living.filter((id) => id !== 'gina');

    // Day 2: the village burns Elena: the last wolf, the end.
    for (const id of ['anna', 'carla', 'dario', 'fabio']) await vote(id, 'Elena', 'day-2');
    await checkAll(afterNight, 'day-2');
    await expect.poll(async () => (await phase()).status, { timeout: 60_000, interval: 100 }).toBe('ended');
    await sentTo(telegram, GROUP, (t) => t.includes('Giorno 2'));

    // Secrecy: the pack's words reached the pack only, and nothing private reached the group.
    for (const p of SEVEN.filter((s) => s.id !== 'bruno' && s.id !== 'elena'))
      expect(texts(telegram, u(p.id).id).join('\n')).not.toContain(PACK_SECRET);
    const group = texts(telegram, GROUP).join('\n');
    expect(group).not.toContain(PACK_SECRET);
    expect(group).not.toContain('Bruno è');
    expect(
      telegram.calls.filter((c) => c.method === 'sendMessage' && Number(c.params.chat_id) === GROUP).every((c) => !c.params.reply_markup),
    ).toBe(true);
  });
});
