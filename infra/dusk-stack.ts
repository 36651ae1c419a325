// The whole deployment of dusk in one stack (the operator's view: README.md, "Deploy to AWS").
//
// Region: the stack is pinned to us-east-1. CloudFront's WAF web ACL (scope CLOUDFRONT) and the
// ACM certificate of a CloudFront custom domain can only live there; keeping the table, the
// functions and the API next to them avoids cross-region references (SSM-backed custom resources,
// two bootstrapped regions, two stacks to deploy in order) for no loss: players reach the site
// and /api/* through CloudFront's edge locations whatever the origin's region.
import {
  Annotations,
  ArnFormat,
  CfnElement,
  CfnOutput,
  DefaultStackSynthesizer,
  Duration,
  RemovalPolicy,
  Stack,
  Tags,
  Validations,
  type StackProps,
} from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, LogGroupLogDestination, type HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Certificate, CertificateValidation, type ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CacheQueryStringBehavior,
  Distribution,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Alarm, ComparisonOperator, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { AttributeType, Billing, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { ARecord, AaaaRecord, HostedZone, RecordTarget, type IHostedZone } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl } from 'aws-cdk-lib/aws-s3-deployment';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Subscription, SubscriptionProtocol, Topic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct, IConstruct } from 'constructs';
import { TABLE_KEYS } from '../functions/adapters/aws/table.js';
import { ORIGIN_HEADER } from '../functions/api/edge.js';
import { LiveSocket, PUSH_ACTIONS } from './live-socket.js';
import { attachVapid } from './web-push.js';
import {
  HANDLERS,
  LAMBDA_ARCHITECTURE,
  LAMBDA_RUNTIME,
  REPO_ROOT,
  nodejsBundling,
  type FunctionEnv,
  type HandlerName,
} from './bundling.js';
import { HASHED_GLOBS, PAGE_CACHE } from '../web/cache-policy.js';
import { DEPLOY_REGION, type DuskConfig } from './config.js';
import { webSource, type WebSource } from './web-source.js';

/** Where published match files live in the site bucket (ARCHITECTURE.md, Publishing). */
export const MATCHES_PREFIX = 'matches/';

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
} as const;

/** Per-function sizing. The API sits behind API Gateway's 30 s integration limit. */
const FUNCTION_SIZING: Record<HandlerName, { memoryMiB: number; timeout: Duration; description: string }> = {
  api: { memoryMiB: 512, timeout: Duration.seconds(20), description: 'dusk HTTP API (Hono)' },
  resolver: { memoryMiB: 512, timeout: Duration.seconds(60), description: 'dusk phase resolver' },
  // Runs every 5 minutes: it must end well before the next run starts.
  sweeper: { memoryMiB: 512, timeout: Duration.minutes(4), description: 'dusk sweeper: resolves phases whose trigger was lost' },
};

export interface DuskStackProps extends StackProps {
  readonly config: DuskConfig;
  /** The web page to upload; default: web/dist, else a placeholder (see web-source.ts). */
  readonly web?: WebSource;
}

function acknowledge(scope: IConstruct, id: string, reason: string): void {
  Validations.of(scope).acknowledge({ id, reason });
}

export class DuskStack extends Stack {
  readonly table: TableV2;
  readonly live: LiveSocket;
  readonly siteBucket: Bucket;
  readonly functions: Record<HandlerName, NodejsFunction>;
  readonly resolverDlq: Queue;
  readonly schedulerRole: Role;
  readonly scheduleGroup: ScheduleGroup;
  readonly httpApi: HttpApi;
  /** The value CloudFront adds as `X-Origin-Verify` to every API request; the API function checks it. */
  readonly originSecret: Secret;
  readonly distribution: Distribution;
  readonly webAcl: CfnWebACL;
  readonly alarmTopic: Topic;
  readonly web: WebSource;

  constructor(scope: Construct, id: string, props: DuskStackProps) {
    super(scope, id, {
      description: `dusk (${props.config.stage}): a game master for phase-based forum games`,
      ...props,
      env: { region: DEPLOY_REGION, ...props.env },
    });
    const { config } = props;
    if (this.region !== DEPLOY_REGION) {
      throw new Error(`dusk deploys to ${DEPLOY_REGION} (CloudFront's WAF and certificate live there), not ${this.region}`);
    }
    const prefix = `dusk-${config.stage}`;
    Tags.of(this).add('app', 'dusk');
    Tags.of(this).add('dusk:stage', config.stage);

    // ---- Storage -------------------------------------------------------------------------
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE_KEYS.ttlAttribute,
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

    // Access logs of the site bucket and of CloudFront. CloudFront's standard logs are written
    // with ACLs, hence object ownership "bucket owner preferred" on this bucket only.
    const logBucket = new Bucket(this, 'AccessLogBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(Math.min(config.logRetentionDays, 3650)) }],
    });
    acknowledge(logBucket, 'AwsSolutions-S1', 'This is the access-log bucket itself; logging its own accesses into itself would loop.');

    this.siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: 's3/',
      // Published match records live here: never deleted with the stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // ---- Scheduling ----------------------------------------------------------------------
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
    const resolverArn = this.formatArn({
      service: 'lambda',
      resource: 'function',
      resourceName: functionName('resolver'),
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });

    this.schedulerRole = new Role(this, 'SchedulerRole', {
      description: 'Assumed by EventBridge Scheduler to invoke the dusk resolver',
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: {
          StringEquals: { 'aws:SourceAccount': this.account },
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

    // ---- Functions -----------------------------------------------------------------------
    const environment: FunctionEnv = {
      TABLE_NAME: this.table.tableName,
      SITE_BUCKET: this.siteBucket.bucketName,
      SCHEDULE_GROUP: this.scheduleGroup.scheduleGroupName,
      SCHEDULER_ROLE_ARN: this.schedulerRole.roleArn,
      RESOLVER_ARN: resolverArn,
      RESOLVER_DLQ_ARN: this.resolverDlq.queueArn,
      STAGE: config.stage,
      RETENTION_DAYS: String(config.matchRetentionDays),
    };

    const statements = this.functionStatements(resolverArn);
    const make = (name: HandlerName, extra: Partial<ConstructorParameters<typeof NodejsFunction>[2]> = {}): NodejsFunction => {
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
      this.acknowledgeFunctionWildcards(role);
      const fn = new NodejsFunction(this, `${pascal(name)}Function`, {
        functionName: functionName(name),
        description: sizing.description,
        entry: `${REPO_ROOT}/${HANDLERS[name]}`,
        handler: 'handler',
        projectRoot: REPO_ROOT,
        depsLockFilePath: `${REPO_ROOT}/package-lock.json`,
        runtime: LAMBDA_RUNTIME,
        architecture: LAMBDA_ARCHITECTURE,
        memorySize: sizing.memoryMiB,
        timeout: sizing.timeout,
        bundling: nodejsBundling(),
        environment,
        role,
        logGroup,
        ...extra,
      });
      return fn;
    };

    // Only CloudFront knows this value and adds it to every request it sends to the API (the origin's
    // custom header below); the API refuses a request without it, so the execute-api endpoint cannot be
    // called directly, and the viewer-address header it then trusts was written by CloudFront.
    this.originSecret = new Secret(this, 'OriginSecret', {
      description: 'dusk: the header value CloudFront adds to API requests (the API refuses requests without it)',
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
    });
    acknowledge(
      this.originSecret,
      'AwsSolutions-SMG4',
      'The origin secret is written into the distribution and the API function at deploy; rotating it is a redeploy (a rotation Lambda would break the two apart).',
    );
    const originSecret = this.originSecret.secretValue.unsafeUnwrap();
    const api = make('api', {
      environment: {
        ...environment,
        ORIGIN_SECRET: originSecret,
        CREATE_PER_HOUR: String(config.createPerHour),
        LOBBY_DAYS: String(config.lobbyDays),
      },
    });
    const resolver = make('resolver', {
      deadLetterQueue: this.resolverDlq,
      retryAttempts: 2,
      maxEventAge: Duration.hours(6),
    });
    // A failed sweep is retried by the next one, five minutes later.
    const sweeper = make('sweeper', { retryAttempts: 0 });
    this.functions = { api, resolver, sweeper };
    // Web Push (issue 16): each of them may finish a resolution or sweep reminders.
    if (config.vapid) attachVapid(config.vapid, [api, resolver, sweeper]);
    // Push to open pages (issue 16): every function that commits announces to the match's connections.
    this.live = new LiveSocket(this, 'Live', {
      prefix, table: this.table, pushers: [api, resolver, sweeper], logRetentionDays: config.logRetentionDays, rateLimit: config.apiRateLimit, burstLimit: config.apiBurstLimit,
    });

    new Rule(this, 'SweepEvery5Minutes', {
      description: 'Runs the dusk sweeper: resolves phases whose deadline passed without a resolution',
      schedule: Schedule.rate(Duration.minutes(5)),
      targets: [new LambdaFunction(sweeper, { retryAttempts: 2, maxEventAge: Duration.minutes(4) })],
    });

    // ---- HTTP API ------------------------------------------------------------------------
    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${prefix}-api`,
      description: 'dusk API, reached through CloudFront under /api/*',
      createDefaultStage: false,
    });
    this.httpApi.addRoutes({
      path: '/api/{proxy+}',
      methods: [HttpMethod.ANY],
      integration: new HttpLambdaIntegration('ApiIntegration', api),
    });
    const apiAccessLogs = new LogGroup(this, 'HttpApiAccessLogs', {
      retention: config.logRetentionDays,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const stage: HttpStage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: config.apiRateLimit, burstLimit: config.apiBurstLimit },
      accessLogSettings: {
        destination: new LogGroupLogDestination(apiAccessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTimeEpoch',
            method: '$context.httpMethod',
            path: '$context.path',
            status: '$context.status',
            length: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationStatus: '$context.integrationStatus',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    acknowledge(
      this.httpApi,
      'AwsSolutions-APIG4',
      'The API authorizes in the handler: players and GMs present per-match bearer tokens (stored hashed); the anonymous routes (health, lists, create, join) are public by design.',
    );

    // ---- Edge: WAF, CloudFront, DNS ------------------------------------------------------
    this.webAcl = this.createWebAcl(prefix, config);

    let certificate: ICertificate | undefined;
    let zone: IHostedZone | undefined;
    if (config.hostedZoneId !== undefined && config.hostedZoneName !== undefined) {
      zone = HostedZone.fromHostedZoneAttributes(this, 'Zone', {
        hostedZoneId: config.hostedZoneId,
        zoneName: config.hostedZoneName,
      });
    }
    if (config.domainName !== undefined) {
      certificate =
        config.certificateArn !== undefined
          ? Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn)
          : new Certificate(this, 'Certificate', {
              domainName: config.domainName,
              validation: CertificateValidation.fromDns(zone),
            });
    }

    const siteOrigin = S3BucketOrigin.withOriginAccessControl(this.siteBucket);
    const apiOrigin = new HttpOrigin(`${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { [ORIGIN_HEADER]: originSecret },
    });
    const matchesCache = new CachePolicy(this, 'MatchesCachePolicy', {
      comment: 'dusk published match files: short cache, they change at each phase',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(10),
      maxTtl: Duration.seconds(60),
      headerBehavior: CacheHeaderBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
      queryStringBehavior: CacheQueryStringBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `dusk ${config.stage}`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        compress: true,
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          // Nothing under /api/* is cached; with caching off, this policy forwards every viewer
          // header (Authorization included) but Host, which API Gateway must see as its own.
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
          compress: true,
        },
        [`/${MATCHES_PREFIX}*`]: {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: matchesCache,
          responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
          compress: true,
        },
      },
      webAclId: this.webAcl.attrArn,
      priceClass: PriceClass.PRICE_CLASS_100,
      httpVersion: HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket,
      logFilePrefix: 'cloudfront/',
      ...(config.domainName !== undefined && certificate !== undefined
        ? { domainNames: [config.domainName], certificate, minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021 }
        : {}),
    });
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'Forum games are played from anywhere; there is no country to exclude.',
    );
    if (config.domainName === undefined) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose security policy CloudFront fixes (TLSv1); set the domainName context to get TLSv1.2_2021.',
      );
    }

    if (zone !== undefined && config.domainName !== undefined) {
      const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
      new ARecord(this, 'AliasA', { zone, recordName: config.domainName, target });
      new AaaaRecord(this, 'AliasAAAA', { zone, recordName: config.domainName, target });
    }

    // ---- The web page ---------------------------------------------------------------------
    this.web = props.web ?? webSource(REPO_ROOT);
    if (this.web.kind === 'placeholder') {
      Annotations.of(this).addWarningV2(
        'dusk:web-not-built',
        `web/dist not found: deploying ${this.web.description}. Run npm run build:web and deploy again.`,
      );
    }
    const deploymentLogs = new LogGroup(this, 'WebDeploymentLogs', {
      retention: config.logRetentionDays,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Our own role (no AWS-managed policy): BucketDeployment adds its grants to it.
    const deploymentRole = new Role(this, 'WebDeploymentRole', {
      description: 'Execution role of the CDK BucketDeployment handler that uploads the web page',
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    });
    deploymentRole.addToPrincipalPolicy(
      new PolicyStatement({
        sid: 'WriteOwnLogs',
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [deploymentLogs.logGroupArn],
      }),
    );
    // Two uploads of the same page, by cache policy (web/cache-policy.ts, the local stack's too): the
    // content-hashed bundle and stylesheet first, kept a year; then the HTML and the rest, revalidated.
    const hashed = new BucketDeployment(this, 'WebAssetsDeployment', {
      sources: this.web.sources,
      destinationBucket: this.siteBucket,
      prune: false,
      exclude: ['*'],
      include: [...HASHED_GLOBS],
      cacheControl: [CacheControl.fromString(PAGE_CACHE.hashed)],
      memoryLimit: 256,
      role: deploymentRole,
      logGroup: deploymentLogs,
    });
    const page = new BucketDeployment(this, 'WebDeployment', {
      sources: this.web.sources,
      destinationBucket: this.siteBucket,
      // Published match files are written by the functions: a deployment never deletes them.
      prune: false,
      exclude: [`${MATCHES_PREFIX}*`, ...HASHED_GLOBS],
      cacheControl: [CacheControl.fromString(PAGE_CACHE.revalidate)],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 256,
      role: deploymentRole,
      logGroup: deploymentLogs,
    });
    // The HTML never names a bundle that is not uploaded yet.
    page.node.addDependency(hashed);
    this.acknowledgeBucketDeployment(deploymentRole);

    // ---- Alarms --------------------------------------------------------------------------
    this.alarmTopic = new Topic(this, 'AlarmTopic', { displayName: `dusk ${config.stage} alarms`, enforceSSL: true });
    acknowledge(
      this.alarmTopic,
      'AwsSolutions-SNS2',
      'Alarm notifications carry no secrets; CloudWatch cannot publish to a topic under the AWS-managed SNS key, and a customer-managed key would cost $1/month at rest.',
    );
    if (config.alarmEmail !== undefined) {
      new Subscription(this, 'AlarmEmail', {
        topic: this.alarmTopic,
        protocol: SubscriptionProtocol.EMAIL,
        endpoint: config.alarmEmail,
      });
    }
    const fiveMinutes = Duration.minutes(5);
    this.alarm('ResolverErrors', 'The resolver failed (it is retried; then the event goes to the DLQ)', resolver.metricErrors({ period: fiveMinutes, statistic: 'Sum' }));
    this.alarm('SweeperErrors', 'The sweeper failed', sweeper.metricErrors({ period: fiveMinutes, statistic: 'Sum' }));
    this.alarm(
      'ResolverDlqDepth',
      'Resolver events are waiting in the dead-letter queue: a phase was not resolved by its trigger',
      this.resolverDlq.metricApproximateNumberOfMessagesVisible({ period: fiveMinutes, statistic: 'Maximum' }),
    );
    this.alarm('Api5xx', 'The HTTP API answered 5xx', this.httpApi.metricServerError({ period: fiveMinutes, statistic: 'Sum' }));

    // ---- Outputs -------------------------------------------------------------------------
    const siteUrl = `https://${config.domainName ?? this.distribution.distributionDomainName}`;
    new CfnOutput(this, 'SiteUrl', { value: siteUrl, description: 'The game site (the API is under /api/)' });
    new CfnOutput(this, 'DistributionDomainName', {
      value: this.distribution.distributionDomainName,
      description: 'CloudFront domain: point a CNAME of your custom domain here if Route 53 is not used',
    });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
    new CfnOutput(this, 'ApiEndpoint', { value: stage.url, description: 'Direct HTTP API endpoint (no WAF: use the site URL)' });
    new CfnOutput(this, 'LiveEndpoint', { value: this.live.stage.url, description: 'WebSocket endpoint of the live pages' });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'SiteBucketName', { value: this.siteBucket.bucketName });
    new CfnOutput(this, 'AccessLogBucketName', { value: logBucket.bucketName });
    new CfnOutput(this, 'ScheduleGroupName', { value: this.scheduleGroup.scheduleGroupName });
    new CfnOutput(this, 'ResolverDlqUrl', { value: this.resolverDlq.queueUrl });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarmTopic.topicArn });
    new CfnOutput(this, 'WebSource', { value: this.web.description, description: 'What was deployed as the web page' });
  }

  /** What the API, the resolver and the sweeper may do; nothing more, on nothing else. */
  private functionStatements(resolverArn: string): PolicyStatement[] {
    const scheduleArn = this.formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${this.scheduleGroup.scheduleGroupName}/*`,
    });
    return [
      new PolicyStatement({
        sid: 'TableItems',
        actions: [...FUNCTION_ACTIONS.table],
        resources: [this.table.tableArn],
      }),
      new PolicyStatement({
        sid: 'StatusIndex',
        actions: [...FUNCTION_ACTIONS.statusIndex],
        resources: [`${this.table.tableArn}/index/${TABLE_KEYS.statusIndex}`],
      }),
      new PolicyStatement({
        sid: 'PhaseSchedules',
        actions: [...FUNCTION_ACTIONS.schedules],
        resources: [scheduleArn],
      }),
      new PolicyStatement({
        sid: 'PassSchedulerRole',
        actions: [...FUNCTION_ACTIONS.schedulerRole],
        resources: [this.schedulerRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
      new PolicyStatement({
        sid: 'ResolveNow',
        actions: [...FUNCTION_ACTIONS.resolver],
        resources: [resolverArn],
      }),
      new PolicyStatement({
        sid: 'PublishMatches',
        actions: [...FUNCTION_ACTIONS.publishedFiles],
        resources: [this.siteBucket.arnForObjects(`${MATCHES_PREFIX}*`)],
      }),
    ];
  }

  private createWebAcl(prefix: string, config: DuskConfig): CfnWebACL {
    const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: true,
    });
    const tooMany: CfnWebACL.RuleActionProperty = {
      block: { customResponse: { responseCode: 429, customResponseBodyKey: 'rate-limited' } },
    };
    const method = (name: string): CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { method: {} },
        positionalConstraint: 'EXACTLY',
        searchString: name,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });
    return new CfnWebACL(this, 'WebAcl', {
      name: `${prefix}-edge`,
      description: 'dusk per-IP rate limits in front of the site and its API, since HTTP APIs take no WAF',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${prefix}-edge`),
      // The API's own error format and code (functions/api/rate-limit.ts answers the same way).
      customResponseBodies: {
        'rate-limited': {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ error: { code: 'rate-limited', message: 'Too many requests from this address; wait a few minutes.' } }),
        },
      },
      rules: [
        {
          name: 'api-writes-per-ip',
          priority: 0,
          action: tooMany,
          visibilityConfig: visibility(`${prefix}-api-writes-per-ip`),
          statement: {
            rateBasedStatement: {
              limit: config.wafApiWriteRateLimit,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                andStatement: {
                  statements: [
                    {
                      byteMatchStatement: {
                        fieldToMatch: { uriPath: {} },
                        positionalConstraint: 'STARTS_WITH',
                        searchString: '/api/',
                        textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                      },
                    },
                    { orStatement: { statements: [method('POST'), method('PUT'), method('PATCH'), method('DELETE')] } },
                  ],
                },
              },
            },
          },
        },
        {
          name: 'all-requests-per-ip',
          priority: 1,
          action: tooMany,
          visibilityConfig: visibility(`${prefix}-all-requests-per-ip`),
          statement: {
            rateBasedStatement: { limit: config.wafRateLimit, evaluationWindowSec: 300, aggregateKeyType: 'IP' },
          },
        },
      ],
    });
  }

  private alarm(id: string, description: string, metric: IMetric): Alarm {
    const alarm = new Alarm(this, id, {
      alarmDescription: description,
      metric,
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.alarmTopic));
    return alarm;
  }

  /** The wildcards left in the functions' policies, each where no narrower resource exists. */
  private acknowledgeFunctionWildcards(role: Role): void {
    const nag = (resource: string): string => `AwsSolutions-IAM5[Resource::${resource}]`;
    acknowledge(
      role,
      nag(`arn:${this.partition}:scheduler:${this.region}:<AWS::AccountId>:schedule/${this.scheduleGroup.scheduleGroupName}/*`),
      "Schedules are created at run time, one per match phase, with names unknown at deploy time; the wildcard is limited to dusk's own schedule group.",
    );
    acknowledge(
      role,
      nag(`<${this.logicalIdOf(this.siteBucket)}.Arn>/${MATCHES_PREFIX}*`),
      'Published match files have run-time keys (matches/<id>/...); the wildcard is limited to the matches/ prefix of the site bucket.',
    );
  }

  /**
   * BucketDeployment's handler is aws-cdk-lib's own singleton Lambda (Python, AWS CLI layer);
   * its runtime and grants are chosen by aws-cdk-lib, not here.
   */
  private acknowledgeBucketDeployment(role: Role): void {
    const handler = this.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (handler === undefined) throw new Error('BucketDeployment handler not found');
    acknowledge(
      handler,
      'AwsSolutions-L1',
      "The runtime of BucketDeployment's handler is set by aws-cdk-lib and moves with it; it only runs at deploy time.",
    );
    const grants: Array<[string, string]> = [
      ['Action::s3:GetObject*', 'read the web-page asset zip from the CDK assets bucket (grant made by aws-cdk-lib)'],
      ['Action::s3:GetBucket*', 'sync needs bucket metadata of source and destination (grant made by aws-cdk-lib)'],
      ['Action::s3:List*', 'sync lists source and destination (grant made by aws-cdk-lib)'],
      ['Action::s3:Abort*', 'multipart uploads of large files (grant made by aws-cdk-lib)'],
      ['Action::s3:DeleteObject*', 'part of the read-write grant made by aws-cdk-lib; prune is off and matches/* is excluded, so nothing is deleted'],
      [
        `Resource::arn:${this.partition}:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-<AWS::AccountId>-${this.region}/*`,
        'asset keys are content hashes in the CDK bootstrap bucket',
      ],
      [`Resource::<${this.logicalIdOf(this.siteBucket)}.Arn>/*`, 'the web page is uploaded to any key of the site bucket root'],
      ['Resource::*', 'CloudFront invalidations (CreateInvalidation, GetInvalidation) granted by aws-cdk-lib on *'],
    ];
    for (const [finding, reason] of grants) {
      acknowledge(role, `AwsSolutions-IAM5[${finding}]`, `BucketDeployment: ${reason}.`);
    }
  }

  private logicalIdOf(construct: IConstruct): string {
    return this.getLogicalId(construct.node.defaultChild as CfnElement);
  }
}

function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
