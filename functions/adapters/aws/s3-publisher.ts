// The Publisher port on the S3 site bucket.
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Publisher } from '../../ports.js';

/** Published match files change at most once a phase: caches may keep them briefly. */
export function publishedCacheControl(key: string): string {
  return /\/phases\/[^/]+\.(json|bbcode|md)$/.test(key) ? 'public, max-age=60' : 'public, max-age=5';
}

/** Forum posts are text to paste; everything else is JSON. */
const contentType = (key: string) => (/\.(bbcode|md)$/.test(key) ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8');

export class S3Publisher implements Publisher {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async put(key: string, body: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType(key),
        CacheControl: publishedCacheControl(key),
      }),
    );
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}

/** The publisher of a Lambda function: the site bucket, through an S3 endpoint of its own when one is set (local S3). */
export function lambdaPublisher(bucket: string, endpoint: string | undefined): S3Publisher {
  return new S3Publisher(new S3Client(endpoint ? { endpoint, forcePathStyle: true } : {}), bucket);
}
