// The whole deployment of dusk in one stack, built from its parts (the README's "Deploy to AWS" has
// the operator's view): storage, functions, HTTP API, live socket, site and CDN, alarms.
//
// Region: the stack is pinned to us-east-1. CloudFront's WAF web ACL (scope CLOUDFRONT) and the
// ACM certificate of a CloudFront custom domain can only live there; keeping the table, the
// functions and the API next to them avoids cross-region references (SSM-backed custom resources,
// two bootstrapped regions, two stacks to deploy in order) for no loss: players reach the site
// and /api/* through CloudFront's edge locations whatever the origin's region.
import { CfnOutput, Stack, Tags, type CfnElement, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Alarms } from './alarms.js';
import { DEPLOY_REGION, type DuskConfig } from './config.js';
import { Functions } from './functions.js';
import { Api } from './http-api.js';
import { attachVapid } from './web-push.js';
import { attachTelegram, telegramRoute } from './telegram.js';
import { LiveSocket } from './live-socket.js';
import { logicalIdWithoutParts } from './part.js';
import { Site } from './site.js';
import { Storage } from './storage.js';
import type { WebSource } from './web-source.js';

export { FUNCTION_ACTIONS } from './functions.js';
export { MATCHES_PREFIX } from './storage.js';

export interface DuskStackProps extends StackProps {
  readonly config: DuskConfig;
  /** The web page to upload; default: web/dist, else a placeholder (see web-source.ts). */
  readonly web?: WebSource;
}

export class DuskStack extends Stack {
  readonly storage: Storage;
  readonly functions: Functions;
  readonly api: Api;
  readonly live: LiveSocket;
  readonly site: Site;
  readonly alarms: Alarms;

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

    this.storage = new Storage(this, 'Storage', { logRetentionDays: config.logRetentionDays });
    const { table, siteBucket, logBucket } = this.storage;
    this.functions = new Functions(this, 'Functions', { prefix, config, table, siteBucket });
    const { api, resolver, sweeper, effects, deliveries, telegram } = this.functions.functions;
    // Web Push (issue 16): each of them may finish a resolution, sweep reminders, queue or send a notice.
    if (config.vapid) attachVapid(config.vapid, [api, resolver, sweeper, effects, deliveries]);
    // Push to open pages (issue 16): every function that commits announces to the match's connections.
    this.live = new LiveSocket(this, 'Live', {
      prefix,
      stage: config.stage,
      table,
      pushers: [api, resolver, sweeper, effects, telegram],
      logRetentionDays: config.logRetentionDays,
      rateLimit: config.apiRateLimit,
      burstLimit: config.apiBurstLimit,
    });
    this.api = new Api(this, 'Api', { prefix, config, handler: api });
    // Telegram (issue 45): the bot for the functions that link and send; the webhook behind the HTTP API.
    if (config.telegram) {
      attachTelegram(config.telegram, [api, effects, deliveries, telegram]);
      telegramRoute(this.api.httpApi, telegram, config.telegram);
    }
    this.site = new Site(this, 'Site', {
      prefix,
      config,
      siteBucket,
      logBucket,
      httpApi: this.api.httpApi,
      originSecret: this.functions.originSecret.secretValue.unsafeUnwrap(),
      liveUrl: this.live.stage.url,
      ...(props.web !== undefined ? { web: props.web } : {}),
    });
    this.alarms = new Alarms(this, 'Alarms', {
      config,
      resolver,
      sweeper,
      resolverDlq: this.functions.resolverDlq,
      httpApi: this.api.httpApi,
    });

    // ---- Outputs -------------------------------------------------------------------------
    const siteUrl = `https://${config.domainName ?? this.site.distribution.distributionDomainName}`;
    new CfnOutput(this, 'SiteUrl', { value: siteUrl, description: 'The game site (the API is under /api/)' });
    new CfnOutput(this, 'DistributionDomainName', {
      value: this.site.distribution.distributionDomainName,
      description: 'CloudFront domain: point a CNAME of your custom domain here if Route 53 is not used',
    });
    new CfnOutput(this, 'DistributionId', { value: this.site.distribution.distributionId });
    new CfnOutput(this, 'ApiEndpoint', { value: this.api.stage.url, description: 'Direct HTTP API endpoint (no WAF: use the site URL)' });
    new CfnOutput(this, 'LiveEndpoint', { value: this.live.stage.url, description: 'WebSocket endpoint of the live pages' });
    new CfnOutput(this, 'TableName', { value: this.storage.table.tableName });
    new CfnOutput(this, 'SiteBucketName', { value: this.storage.siteBucket.bucketName });
    new CfnOutput(this, 'AccessLogBucketName', { value: this.storage.logBucket.bucketName });
    new CfnOutput(this, 'ScheduleGroupName', { value: this.functions.scheduleGroup.scheduleGroupName });
    new CfnOutput(this, 'ResolverDlqUrl', { value: this.functions.resolverDlq.queueUrl });
    new CfnOutput(this, 'EffectsDlqUrl', {
      value: this.functions.effectsDlq.queueUrl,
      description: 'Stream records the effects function gave up on',
    });
    new CfnOutput(this, 'DeliveryDlqUrl', {
      value: this.functions.deliveryDlq.queueUrl,
      description: 'Push and webhook deliveries given up on',
    });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarms.topic.topicArn });
    new CfnOutput(this, 'WebSource', { value: this.site.web.description, description: 'What was deployed as the web page' });
  }

  /** The parts add no level to logical ids (infra/part.ts): what was deployed keeps its identity. */
  protected override allocateLogicalId(element: CfnElement): string {
    return logicalIdWithoutParts(this, element);
  }
}
