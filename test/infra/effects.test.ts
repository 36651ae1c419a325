// The side effects' path on AWS (issue 47, decision 11), on the synthesized stack with aws-cdk-lib/assertions:
// the table's stream, its consumer's event source mapping (batching, partial failures, bisect, bounded retries,
// an on-failure queue), the delivery queue with its own retries and dead letters, and cdk-nag's verdict.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV, LAMBDA_ENV, requiredNames } from '../../functions/env.js';
import { DELIVERY_MAX_RECEIVES, EFFECTS_STREAM } from '../../infra/functions.js';
import { MATCHES_PREFIX } from '../../infra/storage.js';
import { only, resourcesOf, synthesize, type CfnTemplate, type Synthesized } from './synth.js';

let synth: Synthesized;
let json: CfnTemplate;
beforeAll(() => {
  synth = synthesize();
  json = synth.json;
}, 600_000);
afterAll(() => synth?.dispose());

const fn = (name: string) => only(json, 'AWS::Lambda::Function', (r) => r.Properties?.FunctionName === `dusk-prod-${name}`);
const ref = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });

describe('side effects from the table stream (issue 47, decision 11)', () => {
  it('issue 47: the table streams both images of every change', () => {
    synth.template.hasResourceProperties('AWS::DynamoDB::GlobalTable', { StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' } });
  });

  it('issue 47: the effects function reads the stream in small batches, reports failures per record, bisects, retries a bounded number of times, then sends the record’s place to its own queue', () => {
    const [effectsId] = fn('effects');
    const [, mapping] = only(
      json,
      'AWS::Lambda::EventSourceMapping',
      (r) => JSON.stringify(r.Properties?.FunctionName) === JSON.stringify({ Ref: effectsId }),
    );
    const [dlqId] = resourcesOf(json, 'AWS::SQS::Queue').find(([id]) => id.startsWith('EffectsDlq'))!;
    expect(mapping.Properties).toMatchObject({
      BatchSize: EFFECTS_STREAM.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: EFFECTS_STREAM.retryAttempts,
      MaximumRecordAgeInSeconds: EFFECTS_STREAM.maxRecordAge.toSeconds(),
      ParallelizationFactor: EFFECTS_STREAM.parallelizationFactor,
      StartingPosition: 'LATEST',
      DestinationConfig: { OnFailure: { Destination: ref(dlqId!) } },
    });
    expect(JSON.stringify(mapping.Properties!.EventSourceArn)).toContain('StreamArn');
  });

  it('issue 47: every function leaves effects to the stream and queues its deliveries; each delivery job is retried alone, then dead-lettered', () => {
    for (const name of ['api', 'resolver', 'sweeper', 'effects', 'deliveries']) {
      expect(fn(name)[1].Properties!.Environment.Variables, name).toMatchObject({
        EFFECTS: 'stream',
        DELIVERY_QUEUE_URL: expect.anything(),
      });
    }
    const [deliveriesId] = fn('deliveries');
    const [, mapping] = only(
      json,
      'AWS::Lambda::EventSourceMapping',
      (r) => JSON.stringify(r.Properties?.FunctionName) === JSON.stringify({ Ref: deliveriesId }),
    );
    expect(mapping.Properties).toMatchObject({ BatchSize: 10, FunctionResponseTypes: ['ReportBatchItemFailures'] });
    const queues = resourcesOf(json, 'AWS::SQS::Queue').filter(([, q]) => q.Properties?.RedrivePolicy);
    const delivery = queues.find(([, q]) => q.Properties!.RedrivePolicy.maxReceiveCount === DELIVERY_MAX_RECEIVES);
    expect(delivery).toBeDefined();
    expect(delivery![1].Properties).toMatchObject({ SqsManagedSseEnabled: true });
    expect(JSON.stringify(mapping.Properties!.EventSourceArn)).toContain(delivery![0]);
  });

  it('issue 47 / decision 11: the effects function publishes the site’s files: it may put them under matches/ of the site bucket, and is told which bucket', () => {
    const [, effects] = fn('effects');
    const [bucketId] = only(json, 'AWS::S3::Bucket', (r) => r.Properties?.LoggingConfiguration !== undefined);
    expect(requiredNames(LAMBDA_ENV)).toContain(ENV.SITE_BUCKET);
    expect(effects.Properties!.Environment.Variables[ENV.SITE_BUCKET]).toEqual({ Ref: bucketId });
    const roleId = effects.Properties!.Role['Fn::GetAtt'][0] as string;
    const [, policy] = only(json, 'AWS::IAM::Policy', (r) => JSON.stringify(r.Properties?.Roles) === JSON.stringify([{ Ref: roleId }]));
    const statements = policy.Properties!.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown }>;
    const puts = statements.filter((st) => ([] as string[]).concat(st.Action).includes('s3:PutObject'));
    expect(puts.map((st) => ([] as unknown[]).concat(st.Resource))).toEqual([
      [{ 'Fn::Join': ['', [ref(bucketId), `/${MATCHES_PREFIX}*`]] }],
    ]);
  });

  it('issue 47: cdk-nag finds nothing unacknowledged with the consumer and the queues in the stack', () => {
    const nag = synth.report?.pluginReports.find((r) => r.pluginName === 'AwsSolutions');
    expect(nag?.violations ?? []).toEqual([]);
  });
});
