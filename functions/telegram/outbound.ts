// What committed changes send to Telegram (decision 11), as delivery jobs: a resolved phase's post and
// the open day's vote count to the match's group, each seat's private events and channel messages to
// his private chat, a private channel's messages to the group mirroring it, his card at the start and his
// keyboard when a phase opens. One job per chat and
// batch keeps a chat's messages in order; each message is claimed once by its key (the first change's id).
import { createHash } from 'node:crypto';
import { canRead } from '../../engine/core/events.js';
import type { DeliveryJob, MatchMeta, TelegramMessageJob } from '../records.js';
import type { Ports } from '../ports.js';
import { eventsOf, finishedOf, matchOf, type StreamChange } from '../effects/changes.js';
import { loadMeta, type Loaded } from '../service/context.js';
import { telemetryOf } from '../service/telemetry.js';
import { phasePostInput, renderer, votePostInput } from '../service/posts/load.js';
import { isPublicBallotEvent } from './ballots.js';
import { holds } from './binding.js';
import { clearStrangers } from './channel-groups.js';
import { claimOnce } from './once.js';
import { cardMessage, menuMessage, matchLang } from './updates.js';
import { eventLine } from './words.js';

/** Telegram's jobs for one match's changes in a batch (their commit order kept). */
export async function telegramJobs(ports: Ports, matchId: string, changes: StreamChange[]): Promise<DeliveryJob[]> {
  const store = ports.store.telegram;
  if (!store || !ports.telegram || changes.length === 0) return [];
  const events = changes.flatMap(eventsOf);
  const finished = changes.map(finishedOf).filter((f): f is { meta: MatchMeta; phase: string } => f !== null);
  const ballots = events.some(isPublicBallotEvent);
  // A submission's or a post's events arrive one per item; a close's and an opening's are read at the finish.
  const privately = events.filter((e) => e.event.to !== 'public' && e.origin?.kind === 'submission');
  if (finished.length === 0 && !ballots && privately.length === 0) return [];

  const [group, bound, players, channelGroups] = await Promise.all([
    store.groupOf(matchId),
    store.seats(matchId),
    ports.store.listPlayers(matchId),
    store.channelGroups(matchId),
  ]);
  // Only bindings that still speak for their seat: nothing goes to a substituted or removed seat.
  const seats = bound.filter((s) => holds(s, players.find((p) => p.id === s.playerId) ?? null));
  // A channel's group is never the match's own (binding refuses it); the match's group is skipped here all the same.
  const mirrors = new Map(channelGroups.filter((g) => g.chatId !== group?.chatId).map((g) => [g.chatId, g.channel]));
  if (!group && seats.length === 0 && mirrors.size === 0) return [];
  const names = Object.fromEntries(players.map((p) => [p.id, p.name]));
  const loaded = await loadMeta(ports, matchId);
  const out = new Map<number, TelegramMessageJob[]>();
  const add = (chatId: number, message: TelegramMessageJob) => out.set(chatId, [...(out.get(chatId) ?? []), message]);

  for (const seat of seats) {
    const mine = privately.filter((e) => canRead(e, { as: 'player', id: seat.playerId }));
    if (mine.length > 0) add(seat.chatId, { text: mine.map((e) => eventLine(seat.lang, loaded.meta.ruleset, e.event, names)).join('\n') });
  }
  for (const [chatId, channel] of mirrors) {
    // The channel's own messages (from the page, a private chat or the group), in the match's language.
    const said = privately.filter((e) => e.event.kind === 'message' && e.event.to === channel);
    if (said.length > 0)
      add(chatId, { text: said.map((e) => eventLine(matchLang(loaded), loaded.meta.ruleset, e.event, names)).join('\n') });
  }
  for (const { meta, phase } of finished) {
    const started = phase === meta.phase;
    if (group && !started) add(group.chatId, { text: await groupPost(ports, loaded, phase) });
    if (!started) {
      // The close's private results and notices, and the next phase's opening, to each seat that may read them.
      const closing = await ports.store.listEvents(matchId, meta.phase && meta.phase !== phase ? [phase, meta.phase] : [phase]);
      const results = closing.filter(
        (e) =>
          e.event.to !== 'public' &&
          (e.phase === phase ? e.origin?.kind === 'close' || e.origin?.kind === 'notice' : e.origin?.kind === 'opening'),
      );
      for (const seat of seats) {
        const mine = results.filter((e) => canRead(e, { as: 'player', id: seat.playerId }));
        if (mine.length > 0)
          add(seat.chatId, { text: mine.map((e) => eventLine(seat.lang, loaded.meta.ruleset, e.event, names)).join('\n') });
      }
    }
    if (!started) continue;
    for (const seat of seats) {
      const card = await cardMessage(ports, seat);
      if (card) add(seat.chatId, card);
    }
  }
  if (finished.length > 0 && loaded.meta.status !== 'ended') {
    for (const seat of seats) {
      // A keyboard that cannot be drawn (an action with more fields than a button's data holds) is left to the page.
      const keyboard = await menuMessage(ports, seat).catch((error) => {
        telemetryOf(ports).log('warn', 'telegram keyboard not drawn', { matchId, error: String(error) });
        return null;
      });
      if (keyboard) add(seat.chatId, keyboard);
    }
  }
  if (group && ballots && loaded.meta.phase) {
    const count = await votePostInput(ports, loaded, ports.siteUrl).catch(() => null);
    if (count) add(group.chatId, { text: (await renderer()).votePost(count, { lang: matchLang(loaded), format: 'telegram' }) });
  }
  const key = changes[0]!.id;
  return [...out].map(([chatId, messages]) => {
    const channel = mirrors.get(chatId);
    return { kind: 'telegram' as const, matchId, key, chatId, messages, ...(channel ? { channel } : {}) };
  });
}

async function groupPost(ports: Ports, loaded: Loaded, phase: string): Promise<string> {
  const input = await phasePostInput(ports, loaded, phase, ports.siteUrl);
  return (await renderer()).phasePost(input, { lang: matchLang(loaded), format: 'telegram' });
}

/** The changes of a batch by match, each match's in commit order. */
export function byMatch(changes: StreamChange[]): Map<string, StreamChange[]> {
  const out = new Map<string, StreamChange[]>();
  for (const c of changes) {
    const matchId = matchOf(c.pk);
    if (matchId !== undefined) out.set(matchId, [...(out.get(matchId) ?? []), c]);
  }
  return out;
}

/** Runs one Telegram job: each of its messages once (claimed by key), in order. */
export async function sendTelegramJob(ports: Ports, job: Extract<DeliveryJob, { kind: 'telegram' }>): Promise<string> {
  const store = ports.store.telegram;
  const bot = ports.telegram;
  if (!store || !bot) return 'kept';
  // A channel's group: who no longer reads the channel is seen out first; a group that mirrors it no more gets nothing.
  if (job.channel !== undefined && !(await clearStrangers(ports, job.matchId, job.channel, job.chatId))) return 'sent';
  const keepUntil = ports.clock.now() + 7 * 86_400_000;
  for (const [i, message] of job.messages.entries()) {
    // The claim names the message's content too: a batch redelivered from the same first change with more
    // changes in it may put another message at this place, which must still go (the same one goes once).
    const digest = createHash('sha256')
      .update(JSON.stringify([message.text, message.keyboard ?? null]))
      .digest('base64url')
      .slice(0, 16);
    const first = message.once
      ? await claimOnce(ports, job.matchId, job.chatId, message.once)
      : await store.claim(`${job.matchId}#${job.key}#${job.chatId}#${i}#${digest}`, keepUntil);
    if (!first) continue;
    await bot.send(job.chatId, message.text, message.keyboard);
  }
  return 'sent';
}
