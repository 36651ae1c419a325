// Push to open pages on AWS: an API Gateway WebSocket API whose $connect/$disconnect Lambda keeps the
// connections in the table; the functions that commit (API, resolver) post notices to them.
import { CfnElement, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { LogGroupLogDestination, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Function as LambdaFunctionResource } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { ENV } from '../functions/env.js';
import { bundledCode, type FunctionEnv, LAMBDA_ARCHITECTURE, LAMBDA_RUNTIME } from './bundling.js';

export const LIVE_HANDLER = 'functions/live/lambda.ts';
/** What the connect function does with the table: a connection's two items, its address's count, the match and player it checks. */
export const LIVE_TABLE_ACTIONS = ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'] as const;
/** What the committing functions do with the live stage: post notices to its connections. */
export const PUSH_ACTIONS = ['execute-api:ManageConnections'] as const;

export interface LiveSocketProps {
  prefix: string;
  /** The stage's name: the connect function's metrics carry it like the others' (functions/telemetry/metrics.ts). */
  stage: string;
  table: ITableV2;
  /** The functions that commit and push: they get the endpoint and the right to post to connections. */
  pushers: LambdaFunctionResource[];
  logRetentionDays: RetentionDays;
  rateLimit: number;
  burstLimit: number;
}

export class LiveSocket extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  readonly connectFunction: LambdaFunctionResource;

  constructor(scope: Construct, id: string, props: LiveSocketProps) {
    super(scope, id);
    const logGroup = new LogGroup(this, 'ConnectLogs', { retention: props.logRetentionDays, removalPolicy: RemovalPolicy.DESTROY });
    const role = new Role(this, 'ConnectRole', {
      description: 'Execution role of the dusk live-connection function',
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    });
    role.addToPrincipalPolicy(
      new PolicyStatement({
        sid: 'WriteOwnLogs',
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );
    role.addToPrincipalPolicy(
      new PolicyStatement({ sid: 'ConnectionItems', actions: [...LIVE_TABLE_ACTIONS], resources: [props.table.tableArn] }),
    );
    this.connectFunction = new LambdaFunctionResource(this, 'ConnectFunction', {
      functionName: `${props.prefix}-live`,
      description: 'dusk live pages: checks a connecting page’s match and token, keeps its connection in the table',
      code: bundledCode(LIVE_HANDLER),
      handler: 'index.handler',
      runtime: LAMBDA_RUNTIME,
      architecture: LAMBDA_ARCHITECTURE,
      memorySize: 256,
      timeout: Duration.seconds(10),
      environment: { [ENV.TABLE_NAME]: props.table.tableName, [ENV.STAGE]: props.stage } satisfies FunctionEnv,
      role,
      logGroup,
    });

    const integration = new WebSocketLambdaIntegration('Connect', this.connectFunction);
    this.api = new WebSocketApi(this, 'Api', {
      apiName: `${props.prefix}-live`,
      description: 'dusk live pages: "something new" notices to open pages',
      connectRouteOptions: { integration },
      disconnectRouteOptions: { integration },
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: props.logRetentionDays, removalPolicy: RemovalPolicy.DESTROY });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: 'live',
      autoDeploy: true,
      throttle: { rateLimit: props.rateLimit, burstLimit: props.burstLimit },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // No query string in the log: a page's token rides on it.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTimeEpoch',
            route: '$context.routeKey',
            status: '$context.status',
            connectionId: '$context.connectionId',
          }),
        ),
      },
    });
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'Connecting is open to spectators; the $connect function checks the match and the player’s or GM’s token before the connection exists.',
    });

    const connections = Stack.of(this).formatArn({
      service: 'execute-api',
      resource: this.api.apiId,
      resourceName: `${this.stage.stageName}/POST/@connections/*`,
    });
    const stack = Stack.of(this);
    const apiLogicalId = stack.getLogicalId(this.api.node.defaultChild as CfnElement);
    for (const fn of props.pushers) {
      fn.addEnvironment(ENV.LIVE_ENDPOINT, this.stage.callbackUrl);
      fn.addToRolePolicy(new PolicyStatement({ sid: 'PushToPages', actions: [...PUSH_ACTIONS], resources: [connections] }));
      Validations.of(fn.role!).acknowledge({
        id: `AwsSolutions-IAM5[Resource::arn:${stack.partition}:execute-api:${stack.region}:<AWS::AccountId>:<${apiLogicalId}>/live/POST/@connections/*]`,
        reason: 'Connection ids are made by API Gateway at run time; the wildcard is limited to posting to this API’s live stage.',
      });
    }
  }
}
