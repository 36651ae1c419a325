// The single table declared once: its key attributes, and each item kind's keys and sort-key prefixes.
// Every adapter builds its keys here; docs/architecture.md's item table is checked against ITEMS (test/unit/platform/table-items.test.ts).

export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  statusIndex: 'byStatus',
  statusIndexPartitionKey: 'gsi1pk',
  statusIndexSortKey: 'gsi1sk',
  ttlAttribute: 'expiresAt',
} as const;

/** The prefixes keys start with, one per item kind. */
export const PREFIX = {
  match: 'MATCH#',
  player: 'PLAYER#',
  state: 'STATE#',
  action: 'ACTION#',
  slots: 'SLOTS#',
  event: 'EVENT#',
  log: 'LOG#',
  see: 'SEE#',
  outbox: 'OUTBOX#',
  push: 'PUSH#',
  pushed: 'PUSHED#',
  connection: 'CONN#',
  status: 'STATUS#',
  quota: 'QUOTA#',
  quotaWindow: 'UNTIL#',
  liveTicket: 'LIVE-TICKET#',
  liveAddress: 'LIVE-ADDRESS#',
  telegram: 'TG#',
  telegramCode: 'TG-CODE#',
  telegramUser: 'TG-USER#',
  telegramChat: 'TG-CHAT#',
  telegramClaim: 'TG-CLAIM#',
} as const;

// ---- a match's partition ----------------------------------------------------------------------

export const matchKey = (id: string) => `${PREFIX.match}${id}`;
export const META_SK = 'META';
export const playerSk = (playerId: string) => `${PREFIX.player}${playerId}`;
export const stateSk = (key: string) => `${PREFIX.state}${key}`;
export const actionsPrefix = (phase: string) => `${PREFIX.action}${phase}#`;
export const ownerActionsPrefix = (phase: string, owner: string) => `${actionsPrefix(phase)}${owner}#`;
export const actionSk = (phase: string, owner: string, slot: string) => `${ownerActionsPrefix(phase, owner)}${slot}`;
export const slotsSk = (phase: string, owner: string) => `${PREFIX.slots}${phase}#${owner}`;
export const eventsPrefix = (phase: string) => `${PREFIX.event}${phase}#`;
/** The event log's head (its count and epoch). */
export const CURSOR_SK = 'CURSOR';
export const LOG_PREFIX = PREFIX.log;
/** Sorts after every log key and before every other item kind that follows `LOG#` (META, OUTBOX#, PLAYER#...). */
export const LOG_END = `${PREFIX.log}~`;
export const outboxSk = (key: string) => `${PREFIX.outbox}${key}`;
export const pushSk = (playerId: string, device: string) => `${PREFIX.push}${playerId}#${device}`;
export const pushedSk = (key: string) => `${PREFIX.pushed}${key}`;
/** A page's connection, under its match (the announcer reads them) and under its own id (the disconnect finds its match). */
export const connectionSk = (connectionId: string) => `${PREFIX.connection}${connectionId}`;
export const connectionKey = (connectionId: string) => ({ pk: `${PREFIX.connection}${connectionId}`, sk: 'CONN' });

// ---- the status index's lists -----------------------------------------------------------------

export const statusList = (status: string) => `${PREFIX.status}${status}`;
export const OUTBOX_PENDING = `${PREFIX.outbox}pending`;

// ---- items outside the matches ----------------------------------------------------------------

export const quotaKey = (key: string, windowEnd: number) => ({ pk: `${PREFIX.quota}${key}`, sk: `${PREFIX.quotaWindow}${windowEnd}` });
/**
 * Open sockets of one address: a count item, one more per connect, one less when its connection goes. Its TTL
 * moves on with each connect, so a count a lost $disconnect left too high lapses once API Gateway has closed
 * every socket it counted.
 */
export const liveAddressKey = (address: string) => ({ pk: `${PREFIX.liveAddress}${address}`, sk: 'COUNT' });
/** Telegram (issue 45): a match's bound group and bound seats, in its partition. */
export const TELEGRAM_GROUP_SK = `${PREFIX.telegram}GROUP`;
export const telegramSeatsPrefix = `${PREFIX.telegram}SEAT#`;
export const telegramSeatSk = (playerId: string) => `${telegramSeatsPrefix}${playerId}`;
/** A group mirroring one of the match's private channels (the pack), in its partition. */
export const telegramChannelGroupsPrefix = `${PREFIX.telegram}CHANNEL#`;
export const telegramChannelGroupSk = (channel: string) => `${telegramChannelGroupsPrefix}${channel}`;
/** A one-time binding code, by its digest (the code itself is never stored). */
export const telegramCodeKey = (digest: string) => ({ pk: `${PREFIX.telegramCode}${digest}`, sk: 'CODE' });
/** A Telegram user's bound seats, and a group chat's match. */
export const telegramUserKey = (userId: number, matchId: string, playerId: string) => ({
  pk: `${PREFIX.telegramUser}${userId}`,
  sk: `SEAT#${matchId}#${playerId}`,
});
export const telegramUserPk = (userId: number) => `${PREFIX.telegramUser}${userId}`;
export const telegramChatKey = (chatId: number) => ({ pk: `${PREFIX.telegramChat}${chatId}`, sk: 'GROUP' });
/** A group chat's mirrored channel, and the users the bot let into it. */
export const telegramChannelChatKey = (chatId: number) => ({ pk: `${PREFIX.telegramChat}${chatId}`, sk: 'CHANNEL' });
export const telegramGroupMembersPrefix = 'MEMBER#';
export const telegramGroupMemberKey = (chatId: number, userId: number) => ({
  pk: `${PREFIX.telegramChat}${chatId}`,
  sk: `${telegramGroupMembersPrefix}${userId}`,
});
/** An update or a message already handled (idempotence), kept a while by TTL. */
export const telegramClaimKey = (key: string) => ({ pk: `${PREFIX.telegramClaim}${key}`, sk: 'CLAIM' });
export const ticketKey = (digest: string) => ({ pk: `${PREFIX.liveTicket}${digest}`, sk: 'TICKET' });
export const CURSOR_KEY_ITEM = { pk: 'CONFIG', sk: 'CURSOR-KEY' } as const;
/** Local stream poller only: the effects it gave up on (functions/local/stream-poller.ts). */
export const DEAD_LETTERS_PK = 'EFFECTS#DEAD';

/** Every item kind, as docs/architecture.md lists them: its keys' shape and what it holds. */
export const ITEMS: ReadonlyArray<{ pk: string; sk: string; holds: string }> = [
  {
    pk: matchKey('<match>'),
    sk: META_SK,
    holds: 'the match: ruleset, settings, status, phase, deadline, version (on the status index while listed or due)',
  },
  { pk: matchKey('<match>'), sk: playerSk('<player>'), holds: 'a seat: name, token hash, check flag' },
  { pk: matchKey('<match>'), sk: stateSk('<phase>'), holds: "the engine's state after a phase (compressed when large)" },
  { pk: matchKey('<match>'), sk: actionSk('<phase>', '<owner>', '<slot>'), holds: 'a pending action (the latest submission wins)' },
  { pk: matchKey('<match>'), sk: slotsSk('<phase>', '<owner>'), holds: "an owner's slots and their version (decision 6)" },
  { pk: matchKey('<match>'), sk: `${eventsPrefix('<phase>')}<seq>`, holds: 'stored events, by phase and step' },
  { pk: matchKey('<match>'), sk: CURSOR_SK, holds: "the event log's head: its count and epoch" },
  { pk: matchKey('<match>'), sk: `${LOG_PREFIX}<n>#<k>`, holds: 'the event log, in commit order' },
  { pk: matchKey('<match>'), sk: `${PREFIX.see}<audience>#<n>#<k>`, holds: "the log's copies by audience (decision 12)" },
  { pk: matchKey('<match>'), sk: outboxSk('<key>'), holds: `a webhook delivery (on the status index as ${OUTBOX_PENDING} while pending)` },
  { pk: matchKey('<match>'), sk: pushSk('<player>', '<device>'), holds: "a player's Web Push subscription" },
  { pk: matchKey('<match>'), sk: pushedSk('<key>'), holds: 'a notice sent (sent once)' },
  { pk: matchKey('<match>'), sk: connectionSk('<connection>'), holds: "an open page's connection and reader" },
  { pk: connectionKey('<connection>').pk, sk: connectionKey('<connection>').sk, holds: "the connection's match" },
  { pk: quotaKey('<key>', 0).pk, sk: `${PREFIX.quotaWindow}<window end>`, holds: "a per-address counter's window" },
  { pk: ticketKey('<digest>').pk, sk: ticketKey('<digest>').sk, holds: "a live socket's single-use ticket" },
  { pk: liveAddressKey('<address>').pk, sk: liveAddressKey('<address>').sk, holds: "an address's open live sockets (decision 14)" },
  { pk: matchKey('<match>'), sk: TELEGRAM_GROUP_SK, holds: "the match's bound Telegram group" },
  { pk: matchKey('<match>'), sk: telegramSeatSk('<player>'), holds: 'a seat bound to a Telegram user' },
  { pk: telegramCodeKey('<digest>').pk, sk: telegramCodeKey('<digest>').sk, holds: 'a one-time Telegram binding code (by its digest)' },
  {
    pk: telegramUserKey(0, '<match>', '<player>').pk.replace('0', '<user>'),
    sk: telegramUserKey(0, '<match>', '<player>').sk,
    holds: "a Telegram user's bound seat",
  },
  { pk: telegramChatKey(0).pk.replace('0', '<chat>'), sk: telegramChatKey(0).sk, holds: "a Telegram group's match" },
  {
    pk: matchKey('<match>'),
    sk: telegramChannelGroupSk('<channel>'),
    holds: 'a Telegram group mirroring a private channel, and its invite link',
  },
  {
    pk: telegramChannelChatKey(0).pk.replace('0', '<chat>'),
    sk: telegramChannelChatKey(0).sk,
    holds: "a Telegram group's mirrored channel",
  },
  {
    pk: telegramGroupMemberKey(0, 0).pk.replace('0', '<chat>'),
    sk: `${telegramGroupMembersPrefix}<user>`,
    holds: "a Telegram user the bot let into a channel's group",
  },
  {
    pk: telegramClaimKey('<key>').pk,
    sk: telegramClaimKey('<key>').sk,
    holds: 'a Telegram update (being handled, with its lease, or handled) or a message sent, once',
  },
  { pk: CURSOR_KEY_ITEM.pk, sk: CURSOR_KEY_ITEM.sk, holds: 'the key that seals list cursors' },
];

/** ITEMS as the Markdown table docs/architecture.md holds. */
export function itemTable(): string {
  const rows = ITEMS.map((i) => `| \`${i.pk}\` | \`${i.sk}\` | ${i.holds} |`);
  return ['| pk | sk | holds |', '| --- | --- | --- |', ...rows].join('\n');
}
