// Reminders to a match's Telegram group before the open phase's deadline, at the same lead as the Web Push
// reminders (reminderLeadMs): found by the sweep, claimed once per phase and deadline (a moved deadline is
// reminded afresh), and sent as a telegram delivery job.
import { format, phaseText } from '../../texts/index.js';
import type { Ports } from '../ports.js';
import { loadMeta } from '../service/context.js';
import { formatAt } from '../service/posts/phrases.js';
import { zoneOf } from '../service/posts/load.js';
import { MAX_REMIND_MINUTES, reminderDue } from '../service/push/reminders.js';
import { escapeHtml } from './html.js';
import { matchLang } from './updates.js';

/** Queues the reminders that fell due; how many. */
export async function telegramRemindDue(ports: Ports): Promise<number> {
  const store = ports.store.telegram;
  if (!store || !ports.telegram || !ports.deliveries) return 0;
  const now = ports.clock.now();
  let queued = 0;
  for (const meta of await ports.store.dueMatches(now + MAX_REMIND_MINUTES * 60_000, 200)) {
    if (!reminderDue(meta, now)) continue;
    const group = await store.groupOf(meta.id);
    if (!group) continue;
    const key = `remind#${meta.phase}#${meta.deadline}`;
    if (!(await store.claim(`${meta.id}#${key}`, meta.deadline! + 86_400_000))) continue;
    const loaded = await loadMeta(ports, meta.id);
    const lang = matchLang(loaded);
    const text = escapeHtml(
      format(lang, 'tg-reminder', {
        phase: phaseText(lang, meta.phase),
        at: formatAt(lang, meta.deadline!, zoneOf(meta.ruleset, meta.settings)),
      }),
    );
    await ports.deliveries.enqueue([{ kind: 'telegram', matchId: meta.id, key, chatId: group.chatId, messages: [{ text }] }]);
    queued++;
  }
  return queued;
}
