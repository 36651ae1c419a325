// Operations on AWS: the alarms read the metrics the code writes (one declaration of namespace, names
// and dimensions), every function that writes them carries the same service dimension, and the page
// learns the live pages' WebSocket URL from the config file the deployment writes beside it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/bundling.js';
import { METRIC_ALARMS } from '../../infra/alarms.js';
import { DEPLOY_REGION } from '../../infra/config.js';
import { METRICS, METRICS_NAMESPACE, SERVICE_DIMENSION, serviceName } from '../../functions/telemetry/metrics.js';
import { SITE_CONFIG_PATH } from '../../web/site-config.js';
import { only, resourcesOf, synthesize, type CfnTemplate, type Synthesized } from './synth.js';

let synth: Synthesized;
let json: CfnTemplate;
beforeAll(() => {
  synth = synthesize({ cfnValidation: false });
  json = synth.json;
}, 600_000);
afterAll(() => synth?.dispose());

const topicRef = () => ({ Ref: only(json, 'AWS::SNS::Topic')[0] });

describe('alarms on dusk’s own metrics', () => {
  it('read the namespace, metric names and dimensions the Powertools adapter writes, and notify the alarm topic', () => {
    const ours = resourcesOf(json, 'AWS::CloudWatch::Alarm').filter(([, a]) => a.Properties!.Namespace === METRICS_NAMESPACE);
    expect(ours).toHaveLength(Object.keys(METRIC_ALARMS).length);
    for (const spec of Object.values(METRIC_ALARMS)) {
      const metric = METRICS[spec.metric];
      const [, alarm] = ours.find(([, a]) => a.Properties!.MetricName === metric.name)!;
      const dimensions = [{ Name: SERVICE_DIMENSION, Value: serviceName('prod') }];
      if ('dimension' in spec && 'dimension' in metric) dimensions.push({ Name: metric.dimension, Value: spec.dimension });
      const byName = (a: { Name: string }, b: { Name: string }) => a.Name.localeCompare(b.Name);
      expect([...alarm.Properties!.Dimensions].sort(byName)).toEqual(dimensions.sort(byName));
      expect(alarm.Properties).toMatchObject({
        Statistic: spec.statistic,
        Period: spec.period.toSeconds(),
        Threshold: spec.threshold,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        TreatMissingData: 'notBreaching',
        AlarmActions: [topicRef()],
      });
    }
    // The three that page: slow resolutions, failing webhooks, busy answers.
    expect(ours.map(([, a]) => a.Properties!.MetricName).sort()).toEqual(['Refusals', 'ResolutionTime', 'WebhookFailures']);
  });

  it('every function that writes metrics runs with the stage whose service dimension the alarms read', () => {
    for (const name of ['api', 'resolver', 'sweeper', 'live']) {
      const [, fn] = only(json, 'AWS::Lambda::Function', (r) => r.Properties?.FunctionName === `dusk-prod-${name}`);
      expect(fn.Properties!.Environment.Variables.STAGE, name).toBe('prod');
    }
    expect(serviceName('prod')).toBe('dusk-prod');
  });

  it('EMF needs no permission: no function may call CloudWatch’s PutMetricData', () => {
    const actions = resourcesOf(json, 'AWS::IAM::Policy').flatMap(([, p]) =>
      (p.Properties!.PolicyDocument.Statement as Array<{ Action: string | string[] }>).flatMap((s) => [s.Action].flat()),
    );
    expect(actions.filter((a) => a.startsWith('cloudwatch:'))).toEqual([]);
  });
});

describe('the live pages’ address', () => {
  it('issue 16: the page deployment writes the config file with the WebSocket stage’s URL', () => {
    const [, page] = only(json, 'Custom::CDKBucketDeployment', (r) => (r.Properties?.DistributionPaths ?? []).includes('/*'));
    const markers = JSON.stringify(page.Properties!.SourceMarkers);
    const [liveApi] = only(json, 'AWS::ApiGatewayV2::Api', (r) => r.Properties?.ProtocolType === 'WEBSOCKET');
    expect(markers).toContain(liveApi);
    expect(page.Properties!.SourceObjectKeys).toHaveLength(2);
    expect(SITE_CONFIG_PATH).toBe('config.json');
  });

  it('issue 16: the page’s content security policy lets it reach WebSocket stages in the deploy region, and nothing else outside', () => {
    const html = readFileSync(join(REPO_ROOT, 'web', 'public', 'index.html'), 'utf8');
    const connect = /connect-src ([^;]+);/.exec(html)![1]!.split(' ');
    expect(connect).toEqual(["'self'", `wss://*.execute-api.${DEPLOY_REGION}.amazonaws.com`]);
  });

  it('issue 16: CloudFront does not front the WebSocket API (tokens ride on its query string; CloudFront logs query strings)', () => {
    const [, distribution] = only(json, 'AWS::CloudFront::Distribution');
    const patterns = (distribution.Properties!.DistributionConfig.CacheBehaviors as Array<{ PathPattern: string }>).map(
      (b) => b.PathPattern,
    );
    expect(patterns.sort()).toEqual(['/api/*', '/matches/*']);
    expect(distribution.Properties!.DistributionConfig.Logging).toBeDefined();
  });
});
