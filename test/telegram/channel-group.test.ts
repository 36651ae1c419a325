// Issue 45: the pack mirrored into a private Telegram group of its own (LUP-4.6, LUP-12.1, LUP-12.6). A wolf
// binds a new group with a code from his page; the bot makes a join-by-request link and sends it privately to
// the other wolf; it approves the wolves only (a bound villager and a stranger are declined), sees out a
// stranger added anyway, brings the pack's messages into the group and posts a wolf's text there to the pack.
// Nothing of the pack reaches the match's group or a villager's chat; a substituted wolf is seen out.
import { describe, expect, it } from 'vitest';
import { effectsSettled } from '../setup/stack.js';
import { startSeven } from '../integration/lupus-table.js';
import { channelMessages, say, sentTo, tgUser, type TgUser } from './helpers.js';
import { botStack } from './bot-stack.js';

const SECRET = 'webhook-secret-of-this-bot_pack_group_7';
const bot = botStack({ webhookSecret: SECRET });
const { telegram, stack, api } = bot;

const heard = (chatId: number, text: string) => telegram.sent(chatId).some((m) => m.text.includes(text));
const channel = (matchId: string, name: string, token: string | undefined) => channelMessages(api, matchId, name, token);
const calledFor = (method: string, chatId: number, userId: number) =>
  telegram.calls.some((c) => c.method === method && Number(c.params.chat_id) === chatId && Number(c.params.user_id) === userId);
let nextMessage = 70_000;
const asks = (chatId: number, user: TgUser, link: string) =>
  telegram.deliver({
    chat_join_request: {
      chat: { id: chatId, type: 'supergroup', title: 'Branco' },
      from: { ...user, is_bot: false },
      date: 0,
      invite_link: { invite_link: link },
    },
  });
const adds = (chatId: number, by: TgUser, user: TgUser) =>
  telegram.deliver({
    message: {
      message_id: nextMessage++,
      chat: { id: chatId, type: 'supergroup', title: 'Branco' },
      from: { ...by, is_bot: false },
      date: 0,
      new_chat_members: [{ ...user, is_bot: false }],
    },
  });

/** `owner` makes a new group of him and the bot and binds it to the pack; each of `joiners` asks by the link he was sent. */
async function packGroup(matchId: string, chatId: number, owner: TgUser, token: string | undefined, joiners: TgUser[]) {
  telegram.addMember(chatId, owner.id, true);
  const code = await api.post(`/api/matches/${matchId}/channels/pack/telegram-code`, {}, token);
  expect(await say(telegram, owner, code.body.command, chatId)).toBe(200);
  for (const user of joiners) {
    const invite = await sentTo(telegram, user.id, (t) => t.includes('https://t.me/+'));
    expect(await asks(chatId, user, /https:\/\/t\.me\/\+\S+/.exec(invite.text)![0])).toBe(200);
  }
}

describe('the pack’s own Telegram group (issue 45, LUP-4.6)', { timeout: 300_000 }, () => {
  it('only the wolves get in, the pack’s talk flows both ways, and nothing of it reaches the match’s group or a villager', async () => {
    const m = await startSeven(api, {}, 'tg-pack-group');
    const bruno = tgUser(2901, 'Bruno', 'it');
    const elena = tgUser(2905, 'Elena', 'ru');
    const anna = tgUser(2902, 'Anna', 'en');
    const stranger = tgUser(2999, 'Stranger', 'en');
    await bot.bind(m.matchId, m.tokens.bruno, bruno);
    await bot.bind(m.matchId, m.tokens.elena, elena);
    await bot.bind(m.matchId, m.tokens.anna, anna);
    const GROUP = -2900;
    const gm = await api.post(`/api/matches/${m.matchId}/gm/telegram-code`, {}, m.gm);
    await say(telegram, tgUser(2990, 'Gianni'), gm.body.command, GROUP);
    await sentTo(telegram, GROUP, (t) => t.includes('Seven at the village'));

    // Only a reader of the pack gets a code for its group (the page's own test, LUP-12.6); never for public.
    for (const [token, name] of [
      [m.tokens.anna, 'pack'],
      [m.tokens.bruno, 'public'],
      [m.tokens.bruno, 'no-such-channel'],
    ] as const) {
      const refused = await api.post(`/api/matches/${m.matchId}/channels/${name}/telegram-code`, {}, token);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('channel-forbidden');
    }
    const code = await api.post(`/api/matches/${m.matchId}/channels/pack/telegram-code`, {}, m.tokens.bruno);
    expect(code.status).toBe(201);
    expect(code.body.command).toMatch(/^\/bind \S+$/);

    // Bruno makes a new group of him and the bot, and binds it.
    const PACK = -2950;
    telegram.addMember(PACK, bruno.id, true);
    expect(await say(telegram, bruno, code.body.command, PACK)).toBe(200);
    await sentTo(telegram, PACK, (t) => t.includes('rispecchia il canale'));
    expect(telegram.calls.find((c) => c.method === 'createChatInviteLink')?.params).toMatchObject({
      chat_id: PACK,
      creates_join_request: true,
    });
    // Elena, the other wolf, gets the link privately, in her language.
    const invite = await sentTo(telegram, elena.id, (t) => t.includes('https://t.me/+'));
    expect(invite.text).toContain('группа в Telegram');
    const link = /https:\/\/t\.me\/\+\S+/.exec(invite.text)![0];

    expect(await asks(PACK, elena, link)).toBe(200);
    expect(calledFor('approveChatJoinRequest', PACK, elena.id)).toBe(true);
    // A villager bound to his seat, and a stranger, are declined.
    for (const user of [anna, stranger]) {
      expect(await asks(PACK, user, link)).toBe(200);
      expect(calledFor('declineChatJoinRequest', PACK, user.id)).toBe(true);
      expect(calledFor('approveChatJoinRequest', PACK, user.id)).toBe(false);
    }
    expect(telegram.members(PACK).sort()).toEqual([bruno.id, elena.id].sort());
    // A stranger added anyway is seen out at once (not kept banned).
    expect(await adds(PACK, bruno, stranger)).toBe(200);
    expect(telegram.members(PACK)).not.toContain(stranger.id);
    expect(calledFor('banChatMember', PACK, stranger.id) && calledFor('unbanChatMember', PACK, stranger.id)).toBe(true);

    // The pack's message from the page reaches the group.
    const plan = 'Stanotte Dario, poi vediamo';
    expect((await api.post(`/api/matches/${m.matchId}/channels/pack/messages`, { text: plan }, m.tokens.elena)).status).toBe(201);
    await sentTo(telegram, PACK, (t) => t.includes(plan) && t.includes('Elena'));
    // A wolf's text in the group is posted to the pack as his seat: the page shows it, Elena's chat too.
    const reply = 'Va bene, domani accusiamo Carla';
    expect(await say(telegram, bruno, reply, PACK)).toBe(200);
    expect(await channel(m.matchId, 'pack', m.tokens.elena)).toContainEqual({ from: 'bruno', text: reply });
    await sentTo(telegram, elena.id, (t) => t.includes(reply));
    await sentTo(telegram, PACK, (t) => t.includes(reply) && t.includes('Bruno'));

    // Nothing of the pack in the match's group or with Anna (nor the group's link).
    await effectsSettled(stack);
    for (const chat of [GROUP, anna.id, stranger.id])
      for (const text of [plan, reply, link]) expect(heard(chat, text), `${chat}: ${text}`).toBe(false);
    expect((await channel(m.matchId, 'public', m.tokens.anna)).map((x) => x.text)).not.toContain(reply);

    // Telegram upgrades the group to a supergroup (a new chat id): the mirror follows it, with its members.
    const SUPER = -1_002_950;
    expect(
      await telegram.deliver({
        message: {
          message_id: nextMessage++,
          chat: { id: PACK, type: 'group' },
          from: { ...bruno, is_bot: false },
          date: 0,
          migrate_to_chat_id: SUPER,
        },
      }),
    ).toBe(200);
    const moved = 'Ci vediamo nel nuovo gruppo';
    expect((await api.post(`/api/matches/${m.matchId}/channels/pack/messages`, { text: moved }, m.tokens.elena)).status).toBe(201);
    await sentTo(telegram, SUPER, (t) => t.includes(moved));
    expect(heard(PACK, moved)).toBe(false);
    expect(telegram.calls.filter((c) => c.method === 'createChatInviteLink').at(-1)?.params.chat_id).toBe(SUPER);
  });

  it('a stranger’s text in the pack’s group posts nothing and he is seen out; a substituted wolf gets nothing more there', async () => {
    const m = await startSeven(api, {}, 'tg-pack-group-sub');
    const bruno = tgUser(2911, 'Bruno', 'it');
    const elena = tgUser(2915, 'Elena', 'it');
    const stranger = tgUser(2998, 'Stranger', 'en');
    await bot.bind(m.matchId, m.tokens.bruno, bruno);
    await bot.bind(m.matchId, m.tokens.elena, elena);
    const PACK = -2960;
    await packGroup(m.matchId, PACK, bruno, m.tokens.bruno, [elena]);
    expect(telegram.members(PACK).sort()).toEqual([bruno.id, elena.id].sort());

    // Someone the bot never saw join writes there: nothing is posted, and he is seen out.
    telegram.addMember(PACK, stranger.id);
    expect(await say(telegram, stranger, 'I am a wolf, trust me', PACK)).toBe(200);
    expect(telegram.members(PACK)).not.toContain(stranger.id);
    expect(await channel(m.matchId, 'pack', m.tokens.bruno)).toEqual([]);

    // The GM substitutes Elena's seat: before the pack's next message reaches the group, she is seen out of it.
    expect((await api.post(`/api/matches/${m.matchId}/players/elena/substitute`, { name: 'Eva' }, m.gm)).status).toBe(200);
    const after = 'Elena non è più con noi';
    expect((await api.post(`/api/matches/${m.matchId}/channels/pack/messages`, { text: after }, m.tokens.bruno)).status).toBe(201);
    await sentTo(telegram, PACK, (t) => t.includes(after));
    expect(telegram.members(PACK)).toEqual([bruno.id]);
    const removed = telegram.calls.findIndex((c) => c.method === 'banChatMember' && Number(c.params.user_id) === elena.id);
    const sent = telegram.calls.findIndex(
      (c) => c.method === 'sendMessage' && Number(c.params.chat_id) === PACK && String(c.params.text).includes(after),
    );
    expect(removed).toBeGreaterThanOrEqual(0);
    expect(removed).toBeLessThan(sent);
    expect(heard(elena.id, after)).toBe(false);
  });

  it('when the group’s owner no longer reads the pack (his seat substituted), the group gets nothing more', async () => {
    const m = await startSeven(api, {}, 'tg-pack-group-owner');
    const bruno = tgUser(2921, 'Bruno', 'it');
    const elena = tgUser(2925, 'Elena', 'it');
    await bot.bind(m.matchId, m.tokens.bruno, bruno);
    await bot.bind(m.matchId, m.tokens.elena, elena);
    const PACK = -2970;
    await packGroup(m.matchId, PACK, bruno, m.tokens.bruno, [elena]);
    const before = 'Prima della sostituzione';
    expect((await api.post(`/api/matches/${m.matchId}/channels/pack/messages`, { text: before }, m.tokens.elena)).status).toBe(201);
    await sentTo(telegram, PACK, (t) => t.includes(before));

    // Bruno made the group: Telegram lets no bot remove him, so once he is no longer in the pack the group is silent.
    expect((await api.post(`/api/matches/${m.matchId}/players/bruno/substitute`, { name: 'Bea' }, m.gm)).status).toBe(200);
    const after = 'Dopo la sostituzione';
    expect((await api.post(`/api/matches/${m.matchId}/channels/pack/messages`, { text: after }, m.tokens.elena)).status).toBe(201);
    await effectsSettled(stack);
    expect(calledFor('banChatMember', PACK, bruno.id)).toBe(true);
    expect(heard(PACK, after)).toBe(false);
    expect(await channel(m.matchId, 'pack', m.tokens.elena)).toContainEqual({ from: 'elena', text: after });
  });
});
