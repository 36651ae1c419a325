// What pages an operator: function errors, lost triggers, API 5xx, and dusk's own metrics (EMF, written
// by functions/adapters/aws/powertools-telemetry.ts under the names of functions/telemetry/metrics.ts).
import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Function as LambdaFunctionResource } from 'aws-cdk-lib/aws-lambda';
import { Subscription, SubscriptionProtocol, Topic } from 'aws-cdk-lib/aws-sns';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { METRICS, METRICS_NAMESPACE, SERVICE_DIMENSION, serviceName, type MetricKey } from '../functions/telemetry/metrics.js';
import { acknowledge } from './acknowledge.js';
import type { DuskConfig } from './config.js';
import { Part } from './part.js';

const FIVE_MINUTES = Duration.minutes(5);

/** The alarms on dusk's own metrics: what is measured, over what, from which value on it pages. */
export const METRIC_ALARMS = {
  /** Half the resolver's 60 s timeout: players wait, and a retry is near. */
  SlowResolution: {
    metric: 'resolutionTime',
    statistic: 'Maximum',
    period: FIVE_MINUTES,
    threshold: 30_000,
    description: 'A phase took 30 s or more from its claim to its published results',
  },
  /** A target that is down gets 6 attempts; many failures in an hour mean more than one GM's server. */
  WebhookFailures: {
    metric: 'webhookFailures',
    statistic: 'Sum',
    period: Duration.hours(1),
    threshold: 20,
    description: 'Webhook deliveries failed 20 times or more in an hour (Discord, Telegram, Discourse or a GM’s server refuses them)',
  },
  /** `busy` answers (503): a resolution lease that is not let go, or a store that does not answer in time. */
  BusyRefusals: {
    metric: 'refusals',
    dimension: 'busy',
    statistic: 'Sum',
    period: FIVE_MINUTES,
    threshold: 5,
    description: 'The API answered busy (503) 5 times or more in 5 minutes: a resolution is stuck or the table is slow',
  },
} as const satisfies Record<
  string,
  { metric: MetricKey; dimension?: string; statistic: string; period: Duration; threshold: number; description: string }
>;

export interface AlarmsProps {
  readonly config: DuskConfig;
  readonly resolver: LambdaFunctionResource;
  readonly sweeper: LambdaFunctionResource;
  readonly resolverDlq: Queue;
  readonly httpApi: HttpApi;
}

export class Alarms extends Part {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    const { config } = props;
    this.topic = new Topic(this, 'AlarmTopic', { displayName: `dusk ${config.stage} alarms`, enforceSSL: true });
    acknowledge(
      this.topic,
      'AwsSolutions-SNS2',
      'Alarm notifications carry no secrets; CloudWatch cannot publish to a topic under the AWS-managed SNS key, and a customer-managed key would cost $1/month at rest.',
    );
    if (config.alarmEmail !== undefined) {
      new Subscription(this, 'AlarmEmail', { topic: this.topic, protocol: SubscriptionProtocol.EMAIL, endpoint: config.alarmEmail });
    }
    this.alarm(
      'ResolverErrors',
      'The resolver failed (it is retried; then the event goes to the DLQ)',
      props.resolver.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
    );
    this.alarm('SweeperErrors', 'The sweeper failed', props.sweeper.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }));
    this.alarm(
      'ResolverDlqDepth',
      'Resolver events are waiting in the dead-letter queue: a phase was not resolved by its trigger',
      props.resolverDlq.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
    );
    this.alarm('Api5xx', 'The HTTP API answered 5xx', props.httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }));

    for (const [id, spec] of Object.entries(METRIC_ALARMS)) {
      const metric = METRICS[spec.metric];
      const own: Record<string, string> = 'dimension' in spec && 'dimension' in metric ? { [metric.dimension]: spec.dimension } : {};
      this.alarm(
        id,
        spec.description,
        new Metric({
          namespace: METRICS_NAMESPACE,
          metricName: metric.name,
          dimensionsMap: { [SERVICE_DIMENSION]: serviceName(config.stage), ...own },
          statistic: spec.statistic,
          period: spec.period,
        }),
        spec.threshold,
      );
    }
  }

  private alarm(id: string, description: string, metric: IMetric, threshold = 1): Alarm {
    const alarm = new Alarm(this, id, {
      alarmDescription: description,
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    return alarm;
  }
}
