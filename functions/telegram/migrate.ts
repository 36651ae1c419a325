// A group upgraded to a supergroup changes its chat id (Telegram says so with `migrate_to_chat_id` in the
// old chat): its binding follows it, the match's group or a channel's group with the users the bot let in,
// and a channel's group gets a fresh invite link for the new chat (the old one may not lead there).
import type { Ports } from '../ports.js';
import { telemetryOf } from '../service/telemetry.js';

export async function groupMoved(ports: Ports, from: number, to: number): Promise<void> {
  const store = ports.store.telegram;
  const bot = ports.telegram;
  if (!store || !bot || from === to) return;
  const matchId = await store.matchOfGroup(from);
  if (matchId !== null) await store.bindGroup({ matchId, chatId: to });
  const group = await store.channelOfGroup(from);
  if (!group) return;
  for (const userId of await store.groupMembers(from)) await store.addGroupMember(to, userId);
  const invite = await bot.invite(to).catch((error: unknown) => {
    telemetryOf(ports).log('warn', 'telegram invite not renewed after a migration', { matchId: group.matchId, error: String(error) });
    return group.invite;
  });
  await store.bindChannelGroup({ ...group, chatId: to, invite });
}
