// The metrics dusk emits, declared once: the service names them, the Powertools adapter writes them
// as CloudWatch EMF, and infra/alarms.ts reads them back by the same namespace, names and dimensions.

export const METRICS_NAMESPACE = 'dusk';

/** The dimension every metric carries: the stage's service name (`serviceName` below). */
export const SERVICE_DIMENSION = 'service';

/** The value of the service dimension for a stage: `dusk-prod`, the stack's prefix. */
export const serviceName = (stage: string): string => `dusk-${stage}`;

export const METRICS = {
  /** A phase closed, its results committed and published (once per phase, whoever triggered it). */
  phasesResolved: { name: 'PhasesResolved', unit: 'Count' },
  /** From the claim to the published results of one phase. */
  resolutionTime: { name: 'ResolutionTime', unit: 'Milliseconds' },
  /** An API answer that refused the request, by `reason` (the refusal's reason id). */
  refusals: { name: 'Refusals', unit: 'Count', dimension: 'reason' },
  /** A webhook delivery attempt that did not get a 2xx (it is retried unless the refusal is final). */
  webhookFailures: { name: 'WebhookFailures', unit: 'Count' },
} as const;

export type MetricKey = keyof typeof METRICS;
