// `npx tsx test/faults/emulator-kill.ts [runs] [SIGKILL|SIGTERM]`: how durable DynamoDB Local itself is.
// Ten writers send 4-item transactions to one partition; the emulator's Java process gets the signal
// right after a random acknowledged transaction; after a restart on the same folder, the script counts
// the acknowledged transactions that are gone. A measurement, not a test: it explains why
// test/faults/kill.test.ts kills dusk's process and lets the emulator stop on SIGTERM.
import { CreateTableCommand, QueryCommand, TransactWriteItemsCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localClient, startDynamoLocal } from '../../functions/local/dynamodb-local.js';

const runs = Number(process.argv[2] ?? '5');
const signal = (process.argv[3] ?? 'SIGKILL') as NodeJS.Signals;
const TABLE = 'durability';

async function acknowledgedThenKilled(client: DynamoDBClient, javaPid: number): Promise<string[]> {
  const acknowledged: string[] = [];
  const killAfter = 5 + Math.floor(Math.random() * 30);
  let stopped = false;
  await Promise.allSettled(
    Array.from({ length: 10 }, async (_, writer) => {
      for (let i = 0; !stopped; i++) {
        const sk = `T#${writer}#${i}`;
        const items = [0, 1, 2, 3].map((k) => ({
          Put: { TableName: TABLE, Item: { pk: { S: 'M' }, sk: { S: `${sk}#${k}` }, pad: { S: 'x'.repeat(800) } } },
        }));
        await client.send(new TransactWriteItemsCommand({ TransactItems: items }));
        if (stopped) return;
        acknowledged.push(sk);
        if (acknowledged.length === killAfter) {
          stopped = true;
          process.kill(javaPid, signal);
        }
      }
    }),
  );
  return acknowledged;
}

async function present(client: DynamoDBClient): Promise<Set<string>> {
  const keys = new Set<string>();
  let start: Record<string, any> | undefined;
  do {
    const out = await client.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': { S: 'M' } },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) keys.add(item.sk!.S!);
    start = out.LastEvaluatedKey;
  } while (start);
  return keys;
}

let lostRuns = 0;
for (let run = 1; run <= runs; run++) {
  const dir = mkdtempSync(join(tmpdir(), 'dusk-emulator-'));
  try {
    const first = await startDynamoLocal({ dataDir: dir });
    const client = localClient(first.endpoint);
    await client.send(
      new CreateTableCommand({
        TableName: TABLE,
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
      }),
    );
    const javaPid = Number(
      execFileSync('pgrep', ['-P', String(first.process.pid), 'java'])
        .toString()
        .trim(),
    );
    const acknowledged = await acknowledgedThenKilled(client, javaPid);
    await first.stop().catch(() => undefined);
    const second = await startDynamoLocal({ dataDir: dir });
    const keys = await present(localClient(second.endpoint));
    const lost = acknowledged.filter((sk) => [0, 1, 2, 3].some((k) => !keys.has(`${sk}#${k}`)));
    await second.stop();
    if (lost.length > 0) lostRuns++;
    console.log(`run ${run} (${signal}): ${acknowledged.length} acknowledged, ${lost.length} lost ${lost.join(' ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(`${lostRuns} of ${runs} runs lost an acknowledged transaction`);
