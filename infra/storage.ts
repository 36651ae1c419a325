// Where dusk keeps things: the table, the site bucket (page and published matches), the access logs.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, StreamViewType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { TABLE_KEYS } from '../functions/adapters/aws/keys.js';
import { acknowledge } from './acknowledge.js';
import { Part } from './part.js';

/** Where published match files live in the site bucket (ARCHITECTURE.md, Publishing). */
export const MATCHES_PREFIX = 'matches/';

export interface StorageProps {
  readonly logRetentionDays: RetentionDays;
}

export class Storage extends Part {
  readonly table: TableV2;
  /** Access logs of the site bucket and of CloudFront. */
  readonly logBucket: Bucket;
  readonly siteBucket: Bucket;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE_KEYS.ttlAttribute,
      // The effects function reads what each commit changed, both images (functions/adapters/aws/table.ts TABLE_STREAM).
      dynamoStream: StreamViewType.NEW_AND_OLD_IMAGES,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      globalSecondaryIndexes: [
        {
          indexName: TABLE_KEYS.statusIndex,
          partitionKey: { name: TABLE_KEYS.statusIndexPartitionKey, type: AttributeType.STRING },
          sortKey: { name: TABLE_KEYS.statusIndexSortKey, type: AttributeType.STRING },
        },
      ],
    });

    // CloudFront's standard logs are written with ACLs, hence object ownership "bucket owner
    // preferred" on this bucket only.
    this.logBucket = new Bucket(this, 'AccessLogBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(Math.min(props.logRetentionDays, 3650)) }],
    });
    acknowledge(
      this.logBucket,
      'AwsSolutions-S1',
      'This is the access-log bucket itself; logging its own accesses into itself would loop.',
    );

    this.siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/',
      // Published match records live here: never deleted with the stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
