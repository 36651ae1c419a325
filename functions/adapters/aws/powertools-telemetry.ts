// Telemetry on Lambda: Powertools' Logger (JSON lines with the invocation's ids) and Metrics (CloudWatch
// EMF on stdout, which Lambda's log agent turns into metrics: no API call, no IAM permission).
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import type { Telemetry } from '../../ports.js';
import type { LogLevel } from '../../records.js';
import { METRICS, METRICS_NAMESPACE, serviceName, type MetricKey } from '../../telemetry/metrics.js';

/** The ids one invocation concerns, added to every log line it writes. */
export type InvocationKeys = Partial<Record<'matchId' | 'phase' | 'requestId' | 'connectionId', string>>;

export class PowertoolsTelemetry implements Telemetry {
  readonly logger: Logger;
  private readonly metrics: Metrics;

  constructor(stage = process.env.STAGE ?? 'local') {
    const service = serviceName(stage);
    this.logger = new Logger({ serviceName: service });
    this.metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: service });
  }

  /** Starts an invocation: forgets the last one's keys, adds Lambda's request id and this one's ids. */
  begin(context: Context | undefined, keys: InvocationKeys = {}): void {
    this.logger.resetKeys();
    if (context) this.logger.addContext(context);
    const defined = Object.fromEntries(Object.entries(keys).filter(([, v]) => v !== undefined && v !== ''));
    this.logger.appendKeys(defined);
  }

  log(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
    this.logger[level](message, fields);
  }

  /** Each value is written at once (a single-metric EMF line): nothing waits for a flush a frozen Lambda may never reach. */
  metric(key: MetricKey, value: number, dimension?: string): void {
    const spec = METRICS[key];
    const one = this.metrics.singleMetric();
    if ('dimension' in spec && dimension !== undefined) one.addDimension(spec.dimension, dimension);
    one.addMetric(spec.name, spec.unit, value);
  }
}
