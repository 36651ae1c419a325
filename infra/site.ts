// What players reach: the WAF, CloudFront in front of the site bucket and the HTTP API, the optional
// custom domain, and the web page's upload.
import { Annotations, DefaultStackSynthesizer, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
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
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { ARecord, AaaaRecord, HostedZone, RecordTarget, type IHostedZone } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { ORIGIN_HEADER } from '../functions/api/edge.js';
import { HASHED_GLOBS, PAGE_CACHE } from '../functions/page-cache.js';
import { SITE_CONFIG_PATH, type SiteConfig } from '../web/site-config.js';
import { acknowledge } from './acknowledge.js';
import { REPO_ROOT } from './bundling.js';
import type { DuskConfig } from './config.js';
import { logicalIdOf } from './functions.js';
import { Part } from './part.js';
import { MATCHES_PREFIX } from './storage.js';
import { webSource, type WebSource } from './web-source.js';

/** The header that carries a seat's token, which the per-seat WAF rules count by. */
const TOKEN_HEADER = 'authorization';
/** The per-IP ceiling over every request, tokens or not, as a multiple of the per-IP limit. */
const ALL_PER_IP_FACTOR = 10;

export interface SiteProps {
  readonly prefix: string;
  readonly config: DuskConfig;
  readonly siteBucket: Bucket;
  readonly logBucket: Bucket;
  readonly httpApi: HttpApi;
  /** The value CloudFront adds to every API request (infra/functions.ts). */
  readonly originSecret: string;
  /** The web page to upload; default: web/dist, else a placeholder (see web-source.ts). */
  readonly web?: WebSource;
  /** The live pages' WebSocket URL, which the page reads from its config file. */
  readonly liveUrl: string;
}

export class Site extends Part {
  readonly webAcl: CfnWebACL;
  readonly distribution: Distribution;
  readonly web: WebSource;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const { config, prefix } = props;
    const stack = Stack.of(this);
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

    const siteOrigin = S3BucketOrigin.withOriginAccessControl(props.siteBucket);
    const apiOrigin = new HttpOrigin(`${props.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { [ORIGIN_HEADER]: props.originSecret },
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
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      ...(config.domainName !== undefined && certificate !== undefined
        ? { domainNames: [config.domainName], certificate, minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021 }
        : {}),
    });
    acknowledge(this.distribution, 'AwsSolutions-CFR1', 'Forum games are played from anywhere; there is no country to exclude.');
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

    this.web = props.web ?? webSource(REPO_ROOT);
    if (this.web.kind === 'placeholder') {
      Annotations.of(stack).addWarningV2(
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
    // Two uploads of the same page, by cache policy (functions/page-cache.ts, the local stack's too): the
    // content-hashed bundle and stylesheet first, kept a year; then the HTML and the rest, revalidated.
    const hashed = new BucketDeployment(this, 'WebAssetsDeployment', {
      sources: this.web.sources,
      destinationBucket: props.siteBucket,
      prune: false,
      exclude: ['*'],
      include: [...HASHED_GLOBS],
      cacheControl: [CacheControl.fromString(PAGE_CACHE.hashed)],
      memoryLimit: 256,
      role: deploymentRole,
      logGroup: deploymentLogs,
    });
    const page = new BucketDeployment(this, 'WebDeployment', {
      // The page's run-time settings (web/site-config.ts), written at deploy time with the live stage's URL.
      sources: [...this.web.sources, Source.jsonData(SITE_CONFIG_PATH, { live: props.liveUrl } satisfies SiteConfig)],
      destinationBucket: props.siteBucket,
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
    this.acknowledgeBucketDeployment(deploymentRole, props.siteBucket);
  }

  /** Rate rules per seat: the token travels in this header (never in a URL). */
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
    const api: CfnWebACL.StatementProperty = {
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: '/api/',
        textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
      },
    };
    const writes: CfnWebACL.StatementProperty = {
      orStatement: { statements: [method('POST'), method('PUT'), method('PATCH'), method('DELETE')] },
    };
    const hasToken: CfnWebACL.StatementProperty = {
      sizeConstraintStatement: {
        fieldToMatch: { singleHeader: { Name: TOKEN_HEADER } },
        comparisonOperator: 'GT',
        size: 0,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    };
    const byToken: CfnWebACL.RateBasedStatementCustomKeyProperty = {
      header: { name: TOKEN_HEADER, textTransformations: [{ priority: 0, type: 'NONE' }] },
    };
    return new CfnWebACL(this, 'WebAcl', {
      name: `${prefix}-edge`,
      description: 'dusk rate limits per seat token and per IP in front of the site and its API, since HTTP APIs take no WAF',
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
      // Decision 14: a seat's requests are counted by its token (the Authorization header), so that
      // players behind one address (a family, a dorm, a carrier's NAT) never share a limit; requests
      // without a token by address. A request missing the header is left out of a per-token rule.
      rules: [
        {
          name: 'api-writes-per-token',
          priority: 0,
          action: tooMany,
          visibilityConfig: visibility(`${prefix}-api-writes-per-token`),
          statement: {
            rateBasedStatement: {
              limit: config.wafApiWriteRateLimit,
              evaluationWindowSec: 300,
              aggregateKeyType: 'CUSTOM_KEYS',
              customKeys: [byToken],
              scopeDownStatement: { andStatement: { statements: [api, writes] } },
            },
          },
        },
        {
          name: 'api-per-token',
          priority: 1,
          action: tooMany,
          visibilityConfig: visibility(`${prefix}-api-per-token`),
          statement: {
            rateBasedStatement: {
              limit: config.wafRateLimit,
              evaluationWindowSec: 300,
              aggregateKeyType: 'CUSTOM_KEYS',
              customKeys: [byToken],
              scopeDownStatement: api,
            },
          },
        },
        {
          name: 'anonymous-api-writes-per-ip',
          priority: 2,
          action: tooMany,
          visibilityConfig: visibility(`${prefix}-anonymous-api-writes-per-ip`),
          statement: {
            rateBasedStatement: {
              limit: config.wafApiWriteRateLimit,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: { andStatement: { statements: [api, writes, { notStatement: { statement: hasToken } }] } },
            },
          },
        },
        {
          name: 'anonymous-requests-per-ip',
          priority: 3,
          action: tooMany,
          visibilityConfig: visibility(`${prefix}-anonymous-requests-per-ip`),
          statement: {
            rateBasedStatement: {
              limit: config.wafRateLimit,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: { notStatement: { statement: { andStatement: { statements: [api, hasToken] } } } },
            },
          },
        },
        {
          // A header anyone can write buys no escape: every request from one address, tokens or not,
          // stays under a ceiling far above a busy evening's (the API then checks tokens per address too).
          name: 'all-requests-per-ip',
          priority: 4,
          action: tooMany,
          visibilityConfig: visibility(`${prefix}-all-requests-per-ip`),
          statement: {
            rateBasedStatement: { limit: config.wafRateLimit * ALL_PER_IP_FACTOR, evaluationWindowSec: 300, aggregateKeyType: 'IP' },
          },
        },
      ],
    });
  }

  private acknowledgeBucketDeployment(role: Role, siteBucket: Bucket): void {
    const stack = Stack.of(this);
    const handler = stack.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
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
      [
        'Action::s3:DeleteObject*',
        'part of the read-write grant made by aws-cdk-lib; prune is off and matches/* is excluded, so nothing is deleted',
      ],
      [
        `Resource::arn:${stack.partition}:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-<AWS::AccountId>-${stack.region}/*`,
        'asset keys are content hashes in the CDK bootstrap bucket',
      ],
      [`Resource::<${logicalIdOf(siteBucket)}.Arn>/*`, 'the web page is uploaded to any key of the site bucket root'],
      ['Resource::*', 'CloudFront invalidations (CreateInvalidation, GetInvalidation) granted by aws-cdk-lib on *'],
    ];
    for (const [finding, reason] of grants) {
      acknowledge(role, `AwsSolutions-IAM5[${finding}]`, `BucketDeployment: ${reason}.`);
    }
  }
}
