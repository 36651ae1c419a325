// The effects function: the table's stream (DynamoDB Streams, an event source mapping) hands it batches of
// committed items; it runs what follows from them (functions/effects/consume.ts) and reports the first change
// of each failed match, so Lambda retries from there (bisecting, then the on-failure queue: infra/functions.ts).
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { awsPorts } from '../compose.js';
import { PowertoolsTelemetry } from '../adapters/aws/powertools-telemetry.js';
import type { StreamChange } from './changes.js';
import { consumeChanges } from './consume.js';
import { plainImage } from './image.js';

const telemetry = new PowertoolsTelemetry();
const ports = awsPorts({ telemetry });

export function changesOf(event: DynamoDBStreamEvent): StreamChange[] {
  const out: StreamChange[] = [];
  for (const r of event.Records) {
    const d = r.dynamodb;
    if (!d?.SequenceNumber || !d.Keys || !r.eventName) continue;
    const keys = plainImage(d.Keys);
    out.push({
      id: d.SequenceNumber,
      kind: r.eventName,
      pk: String(keys.pk),
      sk: String(keys.sk),
      ...(d.OldImage ? { before: plainImage(d.OldImage) } : {}),
      ...(d.NewImage ? { after: plainImage(d.NewImage) } : {}),
    });
  }
  return out;
}

export async function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  telemetry.begin(context);
  const changes = changesOf(event);
  const outcome = await consumeChanges(ports, changes);
  // Lambda goes on from the lowest sequence number reported: every failed match's first change is reported.
  const failed = outcome.failed.map((f) => f.firstId);
  telemetry.log(failed.length > 0 ? 'error' : 'info', 'effects', {
    records: changes.length,
    matches: outcome.ran.length,
    failed: outcome.failed.length,
  });
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
}
