// The HTTP API: every /api/* request to the API function, throttled and access-logged.
import { RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, LogGroupLogDestination, type HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Function as LambdaFunctionResource } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { acknowledge } from './acknowledge.js';
import type { DuskConfig } from './config.js';
import { Part } from './part.js';

export interface ApiProps {
  readonly prefix: string;
  readonly config: DuskConfig;
  readonly handler: LambdaFunctionResource;
}

export class Api extends Part {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { config } = props;
    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${props.prefix}-api`,
      description: 'dusk API, reached through CloudFront under /api/*',
      createDefaultStage: false,
    });
    this.httpApi.addRoutes({
      path: '/api/{proxy+}',
      methods: [HttpMethod.ANY],
      integration: new HttpLambdaIntegration('ApiIntegration', props.handler),
    });
    const accessLogs = new LogGroup(this, 'HttpApiAccessLogs', {
      retention: config.logRetentionDays,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: config.apiRateLimit, burstLimit: config.apiBurstLimit },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
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
  }
}
