// Telegram on the single table: one-time codes under their hash (taken by a conditional delete), the
// match's group and seats in its partition, a user's and a chat's reverse items, and the claims
// (update ids, messages sent) that make the bot's work idempotent, each expired by TTL.
import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { isLang } from '../../../texts/langs.js';
import type { TelegramChannelGroup, TelegramCode, TelegramGroup, TelegramSeat } from '../../records.js';
import type { TelegramStore } from '../../ports.js';
import { queryPartition } from './partition.js';
import {
  matchKey,
  TABLE_KEYS,
  TELEGRAM_GROUP_SK,
  telegramChannelChatKey,
  telegramChannelGroupSk,
  telegramChannelGroupsPrefix,
  telegramChatKey,
  telegramClaimKey,
  telegramCodeKey,
  telegramGroupMemberKey,
  telegramGroupMembersPrefix,
  telegramSeatSk,
  telegramSeatsPrefix,
  telegramUserKey,
  telegramUserPk,
} from './keys.js';

const codeKey = (code: string) => telegramCodeKey(createHash('sha256').update(code).digest('base64url'));
const seatSk = telegramSeatSk;
const userKey = telegramUserKey;
const chatKey = telegramChatKey;
/** Bindings outlive any match; a year is the longest a match's items are kept. */
const YEAR_S = 365 * 86_400;

const seatOf = (item: Record<string, unknown>): TelegramSeat => ({
  matchId: String(item.matchId),
  playerId: String(item.playerId),
  userId: Number(item.userId),
  chatId: Number(item.chatId),
  tokenHash: String(item.tokenHash),
  lang: isLang(item.lang) ? item.lang : 'en',
});

const channelGroupOf = (item: Record<string, unknown>): TelegramChannelGroup => ({
  matchId: String(item.matchId),
  channel: String(item.channel),
  chatId: Number(item.chatId),
  invite: String(item.invite ?? ''),
});

export class DynamoTelegramStore implements TelegramStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  private ttl(untilMs: number) {
    return { [TABLE_KEYS.ttlAttribute]: Math.ceil(untilMs / 1000) + 3600 };
  }

  async putCode(code: string, value: TelegramCode) {
    await this.doc.send(new PutCommand({ TableName: this.table, Item: { ...codeKey(code), ...value, ...this.ttl(value.until) } }));
  }

  async redeemCode(code: string, kind: TelegramCode['kind'], now: number, by: string): Promise<TelegramCode | null> {
    try {
      // Marked taken rather than deleted: the same taker's retry finds it again; it lapses by `until` and its TTL.
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: codeKey(code),
          UpdateExpression: 'SET #by = :by',
          ConditionExpression: 'attribute_exists(pk) AND #until > :now AND #kind = :kind AND (attribute_not_exists(#by) OR #by = :by)',
          ExpressionAttributeNames: { '#until': 'until', '#kind': 'kind', '#by': 'takenBy' },
          ExpressionAttributeValues: { ':now': now, ':kind': kind, ':by': by },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const item = out.Attributes;
      if (!item || (item.kind !== 'group' && item.kind !== 'seat' && item.kind !== 'channel')) return null;
      return {
        matchId: String(item.matchId),
        kind: item.kind,
        until: Number(item.until),
        ...(typeof item.playerId === 'string' ? { playerId: item.playerId } : {}),
        ...(typeof item.tokenHash === 'string' ? { tokenHash: item.tokenHash } : {}),
        ...(typeof item.channel === 'string' ? { channel: item.channel } : {}),
      };
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return null;
      throw error;
    }
  }

  async bindGroup(group: TelegramGroup) {
    const expires = { [TABLE_KEYS.ttlAttribute]: Math.ceil(Date.now() / 1000) + YEAR_S };
    await this.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: this.table, Item: { pk: matchKey(group.matchId), sk: TELEGRAM_GROUP_SK, ...group } } },
          { Put: { TableName: this.table, Item: { ...chatKey(group.chatId), ...group, ...expires } } },
        ],
      }),
    );
  }

  async groupOf(matchId: string): Promise<TelegramGroup | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: { pk: matchKey(matchId), sk: TELEGRAM_GROUP_SK }, ConsistentRead: true }),
    );
    return out.Item ? { matchId, chatId: Number(out.Item.chatId) } : null;
  }

  async matchOfGroup(chatId: number): Promise<string | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.table, Key: chatKey(chatId), ConsistentRead: true }));
    if (!out.Item) return null;
    // The match's own item decides: a group rebound to another match leaves its old match behind.
    const group = await this.groupOf(String(out.Item.matchId));
    return group?.chatId === chatId ? group.matchId : null;
  }

  async bindSeat(seat: TelegramSeat) {
    const expires = { [TABLE_KEYS.ttlAttribute]: Math.ceil(Date.now() / 1000) + YEAR_S };
    await this.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: this.table, Item: { pk: matchKey(seat.matchId), sk: seatSk(seat.playerId), ...seat } } },
          { Put: { TableName: this.table, Item: { ...userKey(seat.userId, seat.matchId, seat.playerId), ...seat, ...expires } } },
        ],
      }),
    );
  }

  async unbindSeat(matchId: string, playerId: string) {
    await this.doc.send(new DeleteCommand({ TableName: this.table, Key: { pk: matchKey(matchId), sk: seatSk(playerId) } }));
  }

  async seats(matchId: string): Promise<TelegramSeat[]> {
    return (await queryPartition(this.doc, this.table, matchId, telegramSeatsPrefix)).map(seatOf);
  }

  async seatsOfUser(userId: number): Promise<TelegramSeat[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': telegramUserPk(userId) },
        ConsistentRead: true,
        Limit: 50,
      }),
    );
    const held = await Promise.all(
      (out.Items ?? []).map(async (item) => {
        const seat = seatOf(item);
        // The seat's own item decides: a seat rebound to someone else (or unbound) is not his any more.
        const now = await this.doc.send(
          new GetCommand({ TableName: this.table, Key: { pk: matchKey(seat.matchId), sk: seatSk(seat.playerId) }, ConsistentRead: true }),
        );
        return now.Item && Number(now.Item.userId) === userId ? seatOf(now.Item) : null;
      }),
    );
    return held.filter((s): s is TelegramSeat => s !== null);
  }

  async claim(key: string, keepUntil: number): Promise<boolean> {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...telegramClaimKey(key), ...this.ttl(keepUntil) },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async leaseUpdate(key: string, leaseUntil: number, keepUntil: number, now: number): Promise<'taken' | 'working' | 'done'> {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...telegramClaimKey(key), state: 'working', lease: leaseUntil, ...this.ttl(keepUntil) },
          // A claim without a state (a message sent) or settled is done; a working one whose lease lapsed is free.
          ConditionExpression: 'attribute_not_exists(pk) OR (#state = :working AND #lease < :now)',
          ExpressionAttributeNames: { '#state': 'state', '#lease': 'lease' },
          ExpressionAttributeValues: { ':working': 'working', ':now': now },
        }),
      );
      return 'taken';
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const out = await this.doc.send(new GetCommand({ TableName: this.table, Key: telegramClaimKey(key), ConsistentRead: true }));
      return out.Item?.state === 'working' ? 'working' : 'done';
    }
  }

  async settleUpdate(key: string, keepUntil: number): Promise<void> {
    await this.doc.send(
      new PutCommand({ TableName: this.table, Item: { ...telegramClaimKey(key), state: 'done', ...this.ttl(keepUntil) } }),
    );
  }

  async release(key: string): Promise<void> {
    await this.doc.send(new DeleteCommand({ TableName: this.table, Key: telegramClaimKey(key) }));
  }

  async bindChannelGroup(group: TelegramChannelGroup) {
    const expires = { [TABLE_KEYS.ttlAttribute]: Math.ceil(Date.now() / 1000) + YEAR_S };
    await this.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: this.table, Item: { pk: matchKey(group.matchId), sk: telegramChannelGroupSk(group.channel), ...group } } },
          { Put: { TableName: this.table, Item: { ...telegramChannelChatKey(group.chatId), ...group, ...expires } } },
        ],
      }),
    );
  }

  async channelGroups(matchId: string): Promise<TelegramChannelGroup[]> {
    return (await queryPartition(this.doc, this.table, matchId, telegramChannelGroupsPrefix)).map(channelGroupOf);
  }

  async channelOfGroup(chatId: number): Promise<TelegramChannelGroup | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.table, Key: telegramChannelChatKey(chatId), ConsistentRead: true }));
    if (!out.Item) return null;
    // The match's own item decides: a channel given another group since leaves this one mirroring nothing.
    const now = await this.doc.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: matchKey(String(out.Item.matchId)), sk: telegramChannelGroupSk(String(out.Item.channel)) },
        ConsistentRead: true,
      }),
    );
    return now.Item && Number(now.Item.chatId) === chatId ? channelGroupOf(now.Item) : null;
  }

  async addGroupMember(chatId: number, userId: number) {
    const expires = { [TABLE_KEYS.ttlAttribute]: Math.ceil(Date.now() / 1000) + YEAR_S };
    await this.doc.send(
      new PutCommand({ TableName: this.table, Item: { ...telegramGroupMemberKey(chatId, userId), chatId, userId, ...expires } }),
    );
  }

  async groupMembers(chatId: number): Promise<number[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :members)',
        ExpressionAttributeValues: { ':pk': telegramGroupMemberKey(chatId, 0).pk, ':members': telegramGroupMembersPrefix },
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []).map((item) => Number(item.userId));
  }

  async dropGroupMember(chatId: number, userId: number) {
    await this.doc.send(new DeleteCommand({ TableName: this.table, Key: telegramGroupMemberKey(chatId, userId) }));
  }
}
