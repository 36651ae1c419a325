// The API, the resolver and the sweeper: their roles and logs, the resolver's schedules and dead
// letters, the sweeper's rule, and the origin secret the API checks.
import { ArnFormat, Duration, RemovalPolicy, Stack, type CfnElement } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Function as LambdaFunctionResource, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct, IConstruct } from 'constructs';
import { TABLE_KEYS } from '../functions/adapters/aws/keys.js';
import { acknowledge } from './acknowledge.js';
import { ENV } from '../functions/env.js';
import { bundledCode, HANDLERS, LAMBDA_ARCHITECTURE, LAMBDA_RUNTIME, type FunctionEnv, type HandlerName } from './bundling.js';
import type { DuskConfig } from './config.js';
import { PUSH_ACTIONS } from './live-socket.js';
import { Part } from './part.js';
import { MATCHES_PREFIX } from './storage.js';

/**
 * What the API, the resolver and the sweeper may do, by resource. test/infra/bundles.test.ts
 * checks that every AWS API call compiled into the bundles is covered by these actions.
 */
export const FUNCTION_ACTIONS = {
  /**
   * Items of the table. Transactions (TransactWriteItems, TransactGetItems) are authorized
   * through these underlying actions (ConditionCheckItem for condition checks): they are not IAM
   * actions of their own. DescribeTable backs the store's ping (GET /api/health).
   */
  table: [
    'dynamodb:GetItem',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:Query',
    'dynamodb:BatchGetItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
    'dynamodb:DescribeTable',
  ],
  /** The byStatus index: due matches and lists by status. */
  statusIndex: ['dynamodb:Query'],
  /** One-time schedules of the phases, in dusk's schedule group only. */
  schedules: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule', 'scheduler:GetSchedule'],
  /** Handing the scheduler its role when creating or updating a schedule. */
  schedulerRole: ['iam:PassRole'],
  /** "Resolve now" may invoke the resolver directly. */
  resolver: ['lambda:InvokeFunction'],
  /** Published files under matches/ of the site bucket (deleted: stale index pages). */
  publishedFiles: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
  /** Notices to the open pages' connections on the live stage (statement PushToPages, infra/live-socket.ts). */
  liveConnections: PUSH_ACTIONS,
  /** Delivery jobs (push notices, webhook deliveries) onto the delivery queue (SendMessageBatch is authorized by it). */
  deliveryQueue: ['sqs:SendMessage'],
} as const;

/**
 * The table stream's event source mapping (decision 11): batches of what arrived (a burst of ballots is one
 * batch, so one count), failures reported per match, a failing batch halved to find its poisoned
 * record, bounded retries, then the record's place sent to the effects dead-letter queue.
 */
export const EFFECTS_STREAM = {
  batchSize: 100,
  // No batching window: a lone ballot is published at once; a burst still arrives as one batch.
  retryAttempts: 4,
  bisectBatchOnError: true,
  maxRecordAge: Duration.hours(1),
  parallelizationFactor: 4,
} as const;
/** Tries of one delivery job before its message goes to the deliveries' dead-letter queue. */
export const DELIVERY_MAX_RECEIVES = 5;

/** Per-function sizing. The API sits behind API Gateway's 30 s integration limit. */
export const FUNCTION_SIZING: Record<HandlerName, { memoryMiB: number; timeout: Duration; description: string }> = {
  api: { memoryMiB: 512, timeout: Duration.seconds(20), description: 'dusk HTTP API (Hono)' },
  resolver: { memoryMiB: 512, timeout: Duration.seconds(60), description: 'dusk phase resolver' },
  // Runs every 5 minutes: it must end well before the next run starts.
  sweeper: { memoryMiB: 512, timeout: Duration.minutes(4), description: 'dusk sweeper: resolves phases whose trigger was lost' },
  effects: { memoryMiB: 512, timeout: Duration.seconds(60), description: 'dusk effects: what follows a commit, from the table stream' },
  // A push service or webhook is given 5 s a try (three tries); the queue's visibility timeout is six times this.
  deliveries: {
    memoryMiB: 256,
    timeout: Duration.seconds(30),
    description: 'dusk deliveries: one push notice or webhook delivery per job',
  },
  // Telegram waits for the webhook's answer only so long: an update does its own work and answers.
  telegram: { memoryMiB: 512, timeout: Duration.seconds(20), description: 'dusk Telegram webhook: one update per request' },
};

export interface FunctionsProps {
  readonly prefix: string;
  readonly config: DuskConfig;
  readonly table: TableV2;
  readonly siteBucket: Bucket;
}

export class Functions extends Part {
  readonly scheduleGroup: ScheduleGroup;
  readonly resolverDlq: Queue;
  /** Where the effects function's failed stream records are described (the ESM's on-failure destination). */
  readonly effectsDlq: Queue;
  readonly deliveryQueue: Queue;
  readonly deliveryDlq: Queue;
  readonly schedulerRole: Role;
  /** The value CloudFront adds as `X-Origin-Verify` to every API request; the API function checks it. */
  readonly originSecret: Secret;
  readonly functions: Record<HandlerName, LambdaFunctionResource>;

  constructor(scope: Construct, id: string, props: FunctionsProps) {
    super(scope, id);
    const { prefix, config } = props;
    const stack = Stack.of(this);

    this.scheduleGroup = new ScheduleGroup(this, 'ScheduleGroup', {
      scheduleGroupName: prefix,
      // Deleting the group deletes its pending one-time schedules: nothing outlives the stack.
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.resolverDlq = new Queue(this, 'ResolverDlq', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      this.resolverDlq,
      'AwsSolutions-SQS3',
      'This queue is itself the dead-letter queue of the resolver (Lambda async invocations and scheduler deliveries); a DLQ of a DLQ adds nothing.',
    );

    // The resolver's name is fixed so its ARN is known without referring to the function: the
    // functions' environment and policies (its own included) can name it without a cycle.
    const functionName = (name: HandlerName): string => `${prefix}-${name}`;
    const resolverArn = stack.formatArn({
      service: 'lambda',
      resource: 'function',
      resourceName: functionName('resolver'),
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });

    this.schedulerRole = new Role(this, 'SchedulerRole', {
      description: 'Assumed by EventBridge Scheduler to invoke the dusk resolver',
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: {
          StringEquals: { 'aws:SourceAccount': stack.account },
          ArnEquals: { 'aws:SourceArn': this.scheduleGroup.scheduleGroupArn },
        },
      }),
    });
    this.schedulerRole.addToPrincipalPolicy(
      new PolicyStatement({ sid: 'InvokeResolver', actions: ['lambda:InvokeFunction'], resources: [resolverArn] }),
    );
    // Lets the functions give each schedule a DeadLetterConfig pointing at the resolver DLQ.
    this.schedulerRole.addToPrincipalPolicy(
      new PolicyStatement({ sid: 'ScheduleDeadLetters', actions: ['sqs:SendMessage'], resources: [this.resolverDlq.queueArn] }),
    );

    this.effectsDlq = new Queue(this, 'EffectsDlq', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      this.effectsDlq,
      'AwsSolutions-SQS3',
      "This queue is itself the on-failure destination of the effects function's stream mapping; a DLQ of a DLQ adds nothing.",
    );
    this.deliveryDlq = new Queue(this, 'DeliveryDlq', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      this.deliveryDlq,
      'AwsSolutions-SQS3',
      'This queue is itself the dead-letter queue of the delivery queue; a DLQ of a DLQ adds nothing.',
    );
    this.deliveryQueue = new Queue(this, 'DeliveryQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: FUNCTION_SIZING.deliveries.timeout.plus(Duration.seconds(150)),
      deadLetterQueue: { queue: this.deliveryDlq, maxReceiveCount: DELIVERY_MAX_RECEIVES },
    });

    const environment: FunctionEnv = {
      [ENV.TABLE_NAME]: props.table.tableName,
      [ENV.SITE_BUCKET]: props.siteBucket.bucketName,
      [ENV.SCHEDULE_GROUP]: this.scheduleGroup.scheduleGroupName,
      [ENV.SCHEDULER_ROLE_ARN]: this.schedulerRole.roleArn,
      [ENV.RESOLVER_ARN]: resolverArn,
      [ENV.RESOLVER_DLQ_ARN]: this.resolverDlq.queueArn,
      [ENV.STAGE]: config.stage,
      [ENV.RETENTION_DAYS]: String(config.matchRetentionDays),
    };

    const statements = this.statements(props, resolverArn);
    // Every function leaves what follows a commit to the stream's consumer and queues its deliveries.
    const effectsEnv: FunctionEnv = { [ENV.EFFECTS]: 'stream', [ENV.DELIVERY_QUEUE_URL]: this.deliveryQueue.queueUrl };
    const make = (
      name: HandlerName,
      extra: Partial<ConstructorParameters<typeof LambdaFunctionResource>[2]> = {},
    ): LambdaFunctionResource => {
      const sizing = FUNCTION_SIZING[name];
      const logGroup = new LogGroup(this, `${pascal(name)}Logs`, {
        retention: config.logRetentionDays,
        removalPolicy: RemovalPolicy.DESTROY,
      });
      const role = new Role(this, `${pascal(name)}Role`, {
        description: `Execution role of the dusk ${name} function`,
        assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      });
      role.addToPrincipalPolicy(
        new PolicyStatement({
          sid: 'WriteOwnLogs',
          actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
          resources: [logGroup.logGroupArn],
        }),
      );
      for (const statement of statements) role.addToPrincipalPolicy(statement);
      this.acknowledgeWildcards(role, props.siteBucket);
      return new LambdaFunctionResource(this, `${pascal(name)}Function`, {
        functionName: functionName(name),
        description: sizing.description,
        code: bundledCode(HANDLERS[name]),
        handler: 'index.handler',
        runtime: LAMBDA_RUNTIME,
        architecture: LAMBDA_ARCHITECTURE,
        memorySize: sizing.memoryMiB,
        timeout: sizing.timeout,
        role,
        logGroup,
        ...extra,
        environment: { ...environment, ...effectsEnv, ...extra.environment },
      });
    };

    // Only CloudFront knows this value and adds it to every request it sends to the API (the origin's
    // custom header, infra/site.ts); the API refuses a request without it, so the execute-api endpoint
    // cannot be called directly, and the viewer-address header it then trusts was written by CloudFront.
    this.originSecret = new Secret(this, 'OriginSecret', {
      description: 'dusk: the header value CloudFront adds to API requests (the API refuses requests without it)',
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
    });
    acknowledge(
      this.originSecret,
      'AwsSolutions-SMG4',
      'The origin secret is written into the distribution and the API function at deploy; rotating it is a redeploy (a rotation Lambda would break the two apart).',
    );
    const api = make('api', {
      environment: {
        ...environment,
        [ENV.ORIGIN_SECRET]: this.originSecret.secretValue.unsafeUnwrap(),
        [ENV.CREATE_PER_HOUR]: String(config.createPerHour),
        [ENV.LOBBY_DAYS]: String(config.lobbyDays),
      },
    });
    const resolver = make('resolver', {
      deadLetterQueue: this.resolverDlq,
      retryAttempts: 2,
      maxEventAge: Duration.hours(6),
    });
    // A failed sweep is retried by the next one, five minutes later.
    const sweeper = make('sweeper', { retryAttempts: 0 });
    const effects = make('effects');
    effects.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.LATEST,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.effectsDlq),
        ...EFFECTS_STREAM,
      }),
    );
    const deliveries = make('deliveries', { retryAttempts: 0 });
    deliveries.addEventSource(new SqsEventSource(this.deliveryQueue, { batchSize: 10, reportBatchItemFailures: true }));
    acknowledge(
      effects.role!,
      'AwsSolutions-IAM5[Resource::*]',
      "dynamodb:ListStreams, which the stream mapping needs, takes no resource narrower than *; every other stream action names the table's stream.",
    );
    // Telegram's webhook (issue 45): idle (every update refused 401) until a bot is configured and routed.
    const telegram = make('telegram');
    this.functions = { api, resolver, sweeper, effects, deliveries, telegram };

    new Rule(this, 'SweepEvery5Minutes', {
      description: 'Runs the dusk sweeper: resolves phases whose deadline passed without a resolution',
      schedule: Schedule.rate(Duration.minutes(5)),
      targets: [new LambdaFunction(sweeper, { retryAttempts: 2, maxEventAge: Duration.minutes(4) })],
    });
  }

  /** What the API, the resolver and the sweeper may do; nothing more, on nothing else. */
  private statements(props: FunctionsProps, resolverArn: string): PolicyStatement[] {
    const scheduleArn = Stack.of(this).formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${this.scheduleGroup.scheduleGroupName}/*`,
    });
    return [
      new PolicyStatement({ sid: 'TableItems', actions: [...FUNCTION_ACTIONS.table], resources: [props.table.tableArn] }),
      new PolicyStatement({
        sid: 'StatusIndex',
        actions: [...FUNCTION_ACTIONS.statusIndex],
        resources: [`${props.table.tableArn}/index/${TABLE_KEYS.statusIndex}`],
      }),
      new PolicyStatement({ sid: 'PhaseSchedules', actions: [...FUNCTION_ACTIONS.schedules], resources: [scheduleArn] }),
      new PolicyStatement({
        sid: 'PassSchedulerRole',
        actions: [...FUNCTION_ACTIONS.schedulerRole],
        resources: [this.schedulerRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
      new PolicyStatement({ sid: 'ResolveNow', actions: [...FUNCTION_ACTIONS.resolver], resources: [resolverArn] }),
      new PolicyStatement({
        sid: 'QueueDeliveries',
        actions: [...FUNCTION_ACTIONS.deliveryQueue],
        resources: [this.deliveryQueue.queueArn],
      }),
      new PolicyStatement({
        sid: 'PublishMatches',
        actions: [...FUNCTION_ACTIONS.publishedFiles],
        resources: [props.siteBucket.arnForObjects(`${MATCHES_PREFIX}*`)],
      }),
    ];
  }

  /** The wildcards left in the functions' policies, each where no narrower resource exists. */
  private acknowledgeWildcards(role: Role, siteBucket: Bucket): void {
    const stack = Stack.of(this);
    const nag = (resource: string): string => `AwsSolutions-IAM5[Resource::${resource}]`;
    acknowledge(
      role,
      nag(`arn:${stack.partition}:scheduler:${stack.region}:<AWS::AccountId>:schedule/${this.scheduleGroup.scheduleGroupName}/*`),
      "Schedules are created at run time, one per match phase, with names unknown at deploy time; the wildcard is limited to dusk's own schedule group.",
    );
    acknowledge(
      role,
      nag(`<${logicalIdOf(siteBucket)}.Arn>/${MATCHES_PREFIX}*`),
      'Published match files have run-time keys (matches/<id>/...); the wildcard is limited to the matches/ prefix of the site bucket.',
    );
  }
}

export function logicalIdOf(construct: IConstruct): string {
  return Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnElement);
}

function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
