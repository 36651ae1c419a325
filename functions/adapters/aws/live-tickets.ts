// Live tickets on the single table: a short-lived, single-use pass that a page's socket presents
// instead of a token (decision 14). One item per ticket, under its hash; redeeming deletes it.
import { randomBytes, createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LiveTickets } from '../../ports.js';
import type { LiveTicket } from '../../records.js';
import { TABLE_KEYS, ticketKey } from './keys.js';

/** A ticket's item: its own partition, so that a connect reads nothing else. */
export const liveTicketKey = (ticket: string) => ({
  ...ticketKey(createHash('sha256').update(ticket).digest('base64url')),
});

export class DynamoLiveTickets implements LiveTickets {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async issue(pass: LiveTicket): Promise<string> {
    const ticket = randomBytes(24).toString('base64url');
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        // TTL takes it away some time after it lapses; `until` is what a redeem checks.
        Item: { ...liveTicketKey(ticket), ...pass, [TABLE_KEYS.ttlAttribute]: Math.ceil(pass.until / 1000) + 3600 },
      }),
    );
    return ticket;
  }

  async redeem(ticket: string, now: number): Promise<LiveTicket | null> {
    try {
      const out = await this.doc.send(
        new DeleteCommand({
          TableName: this.table,
          Key: liveTicketKey(ticket),
          ConditionExpression: 'attribute_exists(pk) AND #until > :now',
          ExpressionAttributeNames: { '#until': 'until' },
          ExpressionAttributeValues: { ':now': now },
          ReturnValues: 'ALL_OLD',
        }),
      );
      const item = out.Attributes;
      if (!item) return null;
      return {
        matchId: item.matchId as string,
        reader: item.reader as LiveTicket['reader'],
        until: item.until as number,
        ...(typeof item.tokenHash === 'string' ? { tokenHash: item.tokenHash } : {}),
      };
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return null;
      throw error;
    }
  }
}
