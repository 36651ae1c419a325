// The deliveries function: an SQS queue hands it delivery jobs (one push notice to one device, one webhook
// delivery); each runs on its own, and a job that threw is reported so that SQS retries only it.
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { awsPorts } from '../compose.js';
import { PowertoolsTelemetry } from '../adapters/aws/powertools-telemetry.js';
import type { DeliveryJob } from '../records.js';
import { runDelivery } from './deliveries.js';

const telemetry = new PowertoolsTelemetry();
const ports = awsPorts({ telemetry });

export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  telemetry.begin(context);
  const failed: string[] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      try {
        await runDelivery(ports, JSON.parse(record.body) as DeliveryJob);
      } catch (error) {
        telemetry.log('warn', 'delivery failed', { messageId: record.messageId, error: String(error) });
        failed.push(record.messageId);
      }
    }),
  );
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
}
