// The delivery queue on AWS: one SQS message per delivery job, sent ten to a batch; the deliveries
// function takes them one by one with its own retries (its queue's redrive policy, infra/functions.ts).
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { DeliveryQueue } from '../../ports.js';
import type { DeliveryJob } from '../../records.js';

export class SqsDeliveries implements DeliveryQueue {
  constructor(
    private readonly client: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async enqueue(jobs: DeliveryJob[]): Promise<void> {
    for (let i = 0; i < jobs.length; i += 10) {
      const batch = jobs.slice(i, i + 10);
      const out = await this.client.send(
        new SendMessageBatchCommand({
          QueueUrl: this.queueUrl,
          Entries: batch.map((job, k) => ({ Id: String(k), MessageBody: JSON.stringify(job) })),
        }),
      );
      if ((out.Failed ?? []).length > 0) throw new Error(`delivery queue refused ${out.Failed!.length} of ${batch.length} jobs`);
    }
  }
}

export const lambdaDeliveries = (queueUrl: string) => new SqsDeliveries(new SQSClient({}), queueUrl);
