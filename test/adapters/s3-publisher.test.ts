// The S3 publisher against a local S3-compatible server (s3rver), through the real AWS SDK.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Publisher } from '../../functions/adapters/aws/s3-publisher.js';
import { freePort } from '../../functions/local/dynamodb-local.js';

let server: S3rver;
let client: S3Client;
const dir = mkdtempSync(join(tmpdir(), 's3rver-'));

beforeAll(async () => {
  const port = await freePort();
  server = new S3rver({ port, address: '127.0.0.1', silent: true, directory: dir });
  await server.run();
  client = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: 'site' }));
});
afterAll(async () => {
  client?.destroy();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('S3Publisher', () => {
  it('writes the file as JSON with a short cache for published match files', async () => {
    const publisher = new S3Publisher(client, 'site');
    await publisher.put('matches/m1/phases/night-1.json', '{"events":[]}\n');
    await publisher.put('matches/m1/index.json', '{"id":"m1"}\n');
    const phase = await client.send(new GetObjectCommand({ Bucket: 'site', Key: 'matches/m1/phases/night-1.json' }));
    expect(await phase.Body!.transformToString()).toBe('{"events":[]}\n');
    expect(phase.ContentType).toContain('application/json');
    expect(phase.CacheControl).toBe('public, max-age=60');
    const index = await client.send(new GetObjectCommand({ Bucket: 'site', Key: 'matches/m1/index.json' }));
    expect(index.CacheControl).toBe('public, max-age=5');
  });

  it('publishing the same phase twice writes the same bytes (a retry is harmless)', async () => {
    const publisher = new S3Publisher(client, 'site');
    await publisher.put('matches/m2/phases/day-1.json', 'same');
    await publisher.put('matches/m2/phases/day-1.json', 'same');
    const got = await client.send(new GetObjectCommand({ Bucket: 'site', Key: 'matches/m2/phases/day-1.json' }));
    expect(await got.Body!.transformToString()).toBe('same');
  });

  it('removes a published file (a stale index page, issue 13); removing one that is not there is no error', async () => {
    const publisher = new S3Publisher(client, 'site');
    await publisher.put('matches/index-3.json', '{"page":3}');
    await publisher.remove('matches/index-3.json');
    await expect(client.send(new GetObjectCommand({ Bucket: 'site', Key: 'matches/index-3.json' }))).rejects.toThrow();
    await publisher.remove('matches/index-3.json');
  });
});
