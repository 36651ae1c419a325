// The API's contract: every route once, with its caller, request schemas and the statuses it answers
// with. app.ts and the *-routes.ts files mount a handler on each; the OpenAPI document is generated
// from them; the page's client (web/src/api.ts) takes its types from them.
import { z } from '@hono/zod-openapi';
import type { ReplayResult } from '../service/toolkit/replay.js';
import type { AuditResult } from '../service/audit.js';
import type { ListPage } from '../service/listing.js';
import type { MatchRecord } from '../service/toolkit/record.js';
import type { ResolveOutcome } from '../service/resolve.js';
import type { VoteCount } from './vote-count.js';
import type * as lifecycle from '../service/lifecycle.js';
import type * as play from '../service/play.js';
import type { checkSettings } from '../service/settings-check.js';
import type { importMatch } from '../service/toolkit/import.js';
import type { forceEnd } from '../service/toolkit/end.js';
import type { rollback } from '../service/toolkit/rollback.js';
import type { spectate } from '../service/toolkit/spectate.js';
import type { substitute } from '../service/toolkit/substitute.js';
import type { getWebhooks, setWebhooks } from '../service/toolkit/webhooks.js';
import type { subscribe, unsubscribe } from '../service/push/subscriptions.js';
import type { issueLiveTicket } from '../service/live.js';
import type { channelCode, groupCode, seatLink } from '../telegram/binding.js';
import { pushEndpointBody, pushSubscriptionBody } from '../service/push/subscriptions.js';
import { pageQuery } from '../service/event-pages.js';
import { matchRecord } from '../service/toolkit/record.js';
import { webhooksBody } from '../service/toolkit/webhooks.js';
import { answer, route, type Route } from './contract.js';
import * as S from './schemas.js';

type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
const text = z.string().openapi({ description: 'A forum post, ready to paste' });

export const routes = {
  health: route({
    method: 'get',
    path: '/api/health',
    summary: 'Health: 200 when the API and its store answer',
    auth: 'none',
    ok: { status: 200, schema: z.object({ ok: z.literal(true) }) },
  }),
  rulesets: route({
    method: 'get',
    path: '/api/rulesets',
    summary: 'Each ruleset: settings schema and defaults, join options, actions',
    auth: 'none',
    store: false,
    ok: {
      status: 200,
      schema: answer<{
        rulesets: Array<{
          id: string;
          settings: Record<string, any>;
          defaults: Record<string, unknown>;
          liveSettings: string[];
          options: Record<string, any>;
          actions: string[];
        }>;
      }>('{ rulesets: [{ id, settings, defaults, liveSettings, options, actions }] }'),
    },
  }),
  checkSettings: route({
    method: 'post',
    path: '/api/rulesets/{ruleset}/settings/check',
    summary:
      'Check settings `{ settings }` without creating: { valid, settings } or { valid: false, error: { code, message, issues } } (an unknown key is an issue)',
    auth: 'none',
    store: false,
    body: S.settingsCheckBody,
    ok: {
      status: 200,
      schema: answer<Answer<typeof checkSettings>>('{ valid: true, settings } or { valid: false, error: { code, message, issues } }'),
    },
  }),
  createMatch: route({
    method: 'post',
    path: '/api/matches',
    summary: 'Create a match in the lobby: { matchId, gmToken, invite? } (`listed: false`: a private lobby, joined only with `invite`)',
    auth: 'none',
    body: S.createMatchBody,
    refuses: [409],
    ok: { status: 201, schema: answer<Answer<typeof lifecycle.createMatch>>('{ matchId, gmToken, invite? }') },
  }),
  listMatches: route({
    method: 'get',
    path: '/api/matches',
    summary: "Public list of matches, a page at a time: { matches, next } (`?cursor=` the previous page's `next`)",
    auth: 'none',
    query: z.object({ cursor: z.string().optional() }),
    ok: { status: 200, schema: answer<ListPage>('{ matches, next }') },
  }),
  publicMatch: route({
    method: 'get',
    path: '/api/matches/{id}',
    summary: 'Public summary: phase, deadline, players, status, public board',
    auth: 'none',
    ok: { status: 200, schema: answer<Answer<typeof play.publicMatch>>('The public summary') },
  }),

  // GM routes.
  changeSettings: route({
    method: 'patch',
    path: '/api/matches/{id}/settings',
    summary: 'Change settings (after the start only live-changeable ones)',
    auth: 'gm',
    body: S.settingsBody,
    refuses: [409],
    ok: { status: 200, schema: answer<Answer<typeof lifecycle.changeSettings>>('The match after the change') },
  }),
  start: route({
    method: 'post',
    path: '/api/matches/{id}/start',
    summary: 'Start (a sandbox match also takes seed, dice, fixed players and setup)',
    auth: 'gm',
    body: S.startBody,
    refuses: [409],
    ok: { status: 200, schema: answer<Answer<typeof lifecycle.start>>('The started match') },
  }),
  pause: route({
    method: 'post',
    path: '/api/matches/{id}/pause',
    summary: 'Pause: actions refused, the deadline frozen',
    auth: 'gm',
    refuses: [409],
    ok: { status: 200, schema: answer<Answer<typeof lifecycle.pause>>('The paused match') },
  }),
  resume: route({
    method: 'post',
    path: '/api/matches/{id}/resume',
    summary: 'Resume with the time that was left',
    auth: 'gm',
    refuses: [409],
    ok: { status: 200, schema: answer<Answer<typeof lifecycle.resume>>('The resumed match') },
  }),
  extend: route({
    method: 'post',
    path: '/api/matches/{id}/extend',
    summary: 'Move the deadline later by some minutes',
    auth: 'gm',
    body: S.extendBody,
    refuses: [409],
    ok: { status: 200, schema: answer<Answer<typeof lifecycle.extend>>('The new deadline') },
  }),
  resolve: route({
    method: 'post',
    path: '/api/matches/{id}/resolve',
    summary: 'Close the open phase now (only if it is `phase`, when given)',
    auth: 'gm',
    body: S.resolveBody,
    refuses: [409],
    ok: { status: 200, schema: answer<Answer<typeof lifecycle.requestClose>>('What the close did') },
  }),
  removePlayer: route({
    method: 'delete',
    path: '/api/matches/{id}/players/{playerId}',
    summary: 'Remove a player: frees the seat in the lobby, a modkill after the start',
    auth: 'gm',
    refuses: [409],
    ok: { status: 200, schema: answer<Answer<typeof lifecycle.removePlayer>>('What the removal did') },
  }),
  gmView: route({
    method: 'get',
    path: '/api/matches/{id}/gm',
    summary: 'The GM view: the whole state',
    auth: 'gm',
    query: pageQuery,
    ok: { status: 200, schema: answer<Answer<typeof play.gmView>>('The whole state, the players, the pending actions, a page of events') },
  }),
  asPlayer: route({
    method: 'get',
    path: '/api/matches/{id}/as/{playerId}',
    summary: 'The match exactly as that player sees it',
    auth: 'gm',
    query: pageQuery,
    ok: { status: 200, schema: answer<Answer<typeof play.playerView>>('That player’s view') },
  }),

  // Players.
  join: route({
    method: 'post',
    path: '/api/matches/{id}/players',
    summary: 'Join in the lobby: { playerId, token } (a private lobby: with its `invite`, else 404 as a missing match)',
    auth: 'none',
    body: S.joinBody,
    refuses: [409],
    ok: { status: 201, schema: answer<Answer<typeof lifecycle.joinMatch>>('{ playerId, token }') },
  }),
  changeOptions: route({
    method: 'patch',
    path: '/api/matches/{id}/me',
    summary: 'Change join options until the start',
    auth: 'player',
    body: S.optionsBody,
    refuses: [409],
    ok: { status: 200, schema: answer<Answer<typeof lifecycle.changeOptions>>('My options') },
  }),
  me: route({
    method: 'get',
    path: '/api/matches/{id}/me',
    summary: 'My view: card, what I submitted, my events after `since` (or the newest page; `before` for older), the next cursor',
    auth: 'player',
    query: pageQuery,
    ok: { status: 200, schema: answer<Answer<typeof play.playerView>>('My view') },
  }),
  myActions: route({
    method: 'get',
    path: '/api/matches/{id}/me/actions',
    summary: 'The actions available now, with legal targets',
    auth: 'player',
    ok: { status: 200, schema: answer<Answer<typeof play.availableActions>>('{ phase, checked, actions }') },
  }),
  submit: route({
    method: 'post',
    path: '/api/matches/{id}/me/actions',
    summary: 'Submit an action (replaces the same slot): { actionId, slot, alsoWithdrawn } (the slots of his other actions it withdrew)',
    auth: 'seat',
    body: S.actionBody,
    refuses: [409],
    ok: { status: 201, schema: answer<Answer<typeof play.submit>>('{ actionId, slot, alsoWithdrawn }') },
  }),
  withdraw: route({
    method: 'delete',
    path: '/api/matches/{id}/me/actions/{slot}',
    summary: 'Withdraw what a slot holds: { withdrawn, alsoWithdrawn } (`?phase=`: only if that phase is open)',
    auth: 'seat',
    query: S.withdrawQuery,
    refuses: [409],
    ok: { status: 200, schema: answer<Answer<typeof play.withdraw>>('{ withdrawn, alsoWithdrawn }') },
  }),
  check: route({
    method: 'post',
    path: '/api/matches/{id}/me/check',
    summary: "I'm done for this phase",
    auth: 'player',
    body: S.checkBody,
    refuses: [409],
    ok: { status: 200, schema: answer<Answer<typeof play.check>>('The check, and whether it closed the phase') },
  }),
  readChannel: route({
    method: 'get',
    path: '/api/matches/{id}/channels/{channel}/messages',
    summary: 'Read a channel I belong to (`since`, `before`, `limit` as for /me)',
    auth: 'player',
    query: pageQuery,
    ok: { status: 200, schema: answer<Answer<typeof play.channelMessages>>('A page of the channel’s messages') },
  }),
  postMessage: route({
    method: 'post',
    path: '/api/matches/{id}/channels/{channel}/messages',
    summary: 'Post to a channel I may write in',
    auth: 'player',
    body: S.postBody,
    refuses: [409],
    ok: { status: 201, schema: answer<Answer<typeof play.post>>('The posted message') },
  }),
  audit: route({
    method: 'post',
    path: '/api/matches/{id}/audit',
    summary: 'Re-resolve a past phase from its stored state, actions and seed: { phase, identical, firstDifference? }',
    auth: 'gm',
    body: S.auditBody,
    refuses: [409],
    ok: { status: 200, schema: answer<AuditResult>('{ phase, identical, firstDifference? }') },
  }),
  // The resolver's trigger, for operators and the local stack: resolves only when due.
  trigger: route({
    method: 'post',
    path: '/api/matches/{id}/trigger',
    summary: "Fire the resolver's trigger for a phase (resolves only if due; duplicates are harmless)",
    auth: 'gm',
    body: S.resolveBody,
    ok: { status: 200, schema: answer<{ outcome: ResolveOutcome }>('{ outcome }') },
  }),

  // The GM toolkit: anyone.
  importMatch: route({
    method: 'post',
    path: '/api/matches/import',
    summary:
      'A new unlisted sandbox match rebuilt by replaying an export (may be gzip-compressed): { matchId, gmToken, identical }; 409 import-mismatch with the first difference when the file differs from its replay',
    auth: 'none',
    body: matchRecord,
    refuses: [409],
    ok: { status: 201, schema: answer<Answer<typeof importMatch>>('{ matchId, gmToken, identical }') },
  }),
  spectate: route({
    method: 'get',
    path: '/api/matches/{id}/spectate',
    summary: 'The spectators’ view: public summary, public board, public events, the vote count',
    auth: 'none',
    query: pageQuery,
    ok: { status: 200, schema: answer<Answer<typeof spectate>>('The public summary and board, a page of public events, the vote count') },
  }),
  votes: route({
    method: 'get',
    path: '/api/matches/{id}/votes',
    summary:
      'Vote count of a phase with public votes (`?phase=`, default the open one): the ruleset’s own tally (lines in its unit with what the close would do and whether that is certain), abstentions, not voting, deadline, history; `null` when the open phase has no public vote, 404 `no-votes` for a named one',
    auth: 'none',
    query: z.object({ phase: z.string().optional() }),
    ok: { status: 200, schema: answer<VoteCount | null>('The count, or null') },
  }),
  // The GM toolkit: the match's GM.
  substitute: route({
    method: 'post',
    path: '/api/matches/{id}/players/{playerId}/substitute',
    summary: 'A new person takes the seat (role, items, history): { playerId, token }; the old token stops working',
    auth: 'gm',
    body: S.substituteBody,
    refuses: [409],
    ok: { status: 200, schema: answer<Answer<typeof substitute>>('{ playerId, token }') },
  }),
  rollback: route({
    method: 'post',
    path: '/api/matches/{id}/rollback',
    summary: 'Undo the last resolution, which must be `phase`: that phase is open again with its actions and a fresh deadline',
    auth: 'gm',
    body: S.rollbackBody,
    refuses: [409],
    ok: { status: 200, schema: answer<Answer<typeof rollback>>('The reopened phase') },
  }),
  end: route({
    method: 'post',
    path: '/api/matches/{id}/end',
    summary: 'Force an outcome: `winner` (a faction, team, player or `draw`) and the match ends',
    auth: 'gm',
    body: S.endBody,
    refuses: [409],
    ok: { status: 200, schema: answer<Answer<typeof forceEnd>>('The outcome') },
  }),
  exportMatch: route({
    method: 'get',
    path: '/api/matches/{id}/export',
    summary: 'The full record: settings, seed, players, every action and event (no token, no webhook)',
    auth: 'gm',
    ok: { status: 200, schema: answer<MatchRecord>('The match record') },
  }),
  replay: route({
    method: 'post',
    path: '/api/matches/{id}/replay',
    summary: 'Re-resolve every phase from the record: { identical, resolved, firstDifference? }',
    auth: 'gm',
    ok: { status: 200, schema: answer<Omit<ReplayResult, 'states' | 'events' | 'winner'>>('{ identical, resolved, firstDifference? }') },
  }),
  setWebhooks: route({
    method: 'put',
    path: '/api/matches/{id}/webhooks',
    summary: 'Where announcements and reminders go: { urls, remindBeforeMinutes } (urls: up to 5; [] removes them)',
    auth: 'gm',
    body: webhooksBody,
    ok: { status: 200, schema: answer<Answer<typeof setWebhooks>>('The webhooks') },
  }),
  getWebhooks: route({
    method: 'get',
    path: '/api/matches/{id}/webhooks',
    summary: 'The webhooks and their latest deliveries',
    auth: 'gm',
    ok: { status: 200, schema: answer<Answer<typeof getWebhooks>>('The webhooks and their latest deliveries') },
  }),

  // Forum posts.
  phasePost: route({
    method: 'get',
    path: '/api/matches/{id}/phases/{phase}/post',
    summary:
      'A closed phase as a forum post (`?format=phpbb|ipb|xenforo|vbulletin|smf|forumfree|discourse|reddit` (`bbcode`, `markdown` as aliases; default the match’s `forum` setting) `&lang=it|ru|en`): its public events, vote count, next deadline, link; text/plain',
    auth: 'none',
    query: S.postQuery,
    refuses: [409],
    ok: { status: 200, schema: text, text: true },
  }),
  votePost: route({
    method: 'get',
    path: '/api/matches/{id}/votes/post',
    summary: 'The open day’s vote count as a forum post (`?format=&lang=&since=`, `since`: mark changes after that epoch ms); text/plain',
    auth: 'none',
    query: S.votePostQuery,
    refuses: [409],
    ok: { status: 200, schema: text, text: true },
  }),

  // Web Push.
  liveTicket: route({
    method: 'post',
    path: '/api/matches/{id}/live-ticket',
    summary:
      'A single-use ticket for one live socket of this player, valid 30 s: { ticket, expiresInSeconds } (the socket URL carries it, never a token)',
    auth: 'player',
    ok: { status: 201, schema: answer<Answer<typeof issueLiveTicket>>('{ ticket, expiresInSeconds }') },
  }),
  gmLiveTicket: route({
    method: 'post',
    path: '/api/matches/{id}/gm/live-ticket',
    summary: 'A single-use ticket for one live socket of the GM, valid 30 s: { ticket, expiresInSeconds }',
    auth: 'gm',
    ok: { status: 201, schema: answer<Answer<typeof issueLiveTicket>>('{ ticket, expiresInSeconds }') },
  }),
  pushKey: route({
    method: 'get',
    path: '/api/push/key',
    summary: 'The VAPID public key to subscribe with: { publicKey }',
    auth: 'none',
    store: false,
    refuses: [404],
    ok: { status: 200, schema: z.object({ publicKey: z.string() }) },
  }),
  subscribe: route({
    method: 'post',
    path: '/api/matches/{id}/push',
    summary: 'Notify this device (a PushSubscription, with `lang`) when a phase resolves and before each deadline',
    auth: 'player',
    body: pushSubscriptionBody,
    ok: { status: 201, schema: answer<Answer<typeof subscribe>>('The subscription') },
  }),
  unsubscribe: route({
    method: 'delete',
    path: '/api/matches/{id}/push',
    summary: 'Stop notifying this device: { endpoint }',
    auth: 'player',
    body: pushEndpointBody,
    ok: { status: 200, schema: answer<Answer<typeof unsubscribe>>('Whether a subscription was removed') },
  }),

  // Telegram (issue 45).
  telegramGroupCode: route({
    method: 'post',
    path: '/api/matches/{id}/gm/telegram-code',
    summary:
      'A one-time code binding a Telegram group to this match (send `/bind <code>` in the group, valid 15 min): { command, bot, expiresInSeconds }',
    auth: 'gm',
    refuses: [404, 409],
    ok: { status: 201, schema: answer<Answer<typeof groupCode>>('{ command, bot, expiresInSeconds }') },
  }),
  telegramLink: route({
    method: 'post',
    path: '/api/matches/{id}/telegram-link',
    summary: 'A one-time deep link binding my seat to my Telegram account (valid 15 min): { link, expiresInSeconds }',
    auth: 'player',
    refuses: [404, 409],
    ok: { status: 201, schema: answer<Answer<typeof seatLink>>('{ link, expiresInSeconds }') },
  }),
  telegramChannelCode: route({
    method: 'post',
    path: '/api/matches/{id}/channels/{channel}/telegram-code',
    summary:
      'A one-time code binding a new Telegram group to a private channel I read (send `/bind <code>` in the group, valid 15 min; the bot lets in only its readers): { command, bot, expiresInSeconds }',
    auth: 'player',
    refuses: [403, 404, 409],
    ok: { status: 201, schema: answer<Answer<typeof channelCode>>('{ command, bot, expiresInSeconds }') },
  }),
} satisfies Record<string, Route>;

export type Routes = typeof routes;
