// Operator settings from CDK context: defaults, and refusals with a clear message.
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { CONTEXT_KEYS, ConfigError, readConfig, type ContextKey } from '../../infra/config.js';

const from = (context: Partial<Record<ContextKey, unknown>>) => readConfig((key) => context[key]);

/** The plain defaults the operator is told in each key's meaning, `(default 90)`. */
const told = Object.fromEntries(
  Object.entries(CONTEXT_KEYS).flatMap(([key, meaning]) => {
    const value = /\(default ([\w-]+)[;)]/.exec(meaning)?.[1];
    return value === undefined ? [] : [[key, /^\d+$/.test(value) ? Number(value) : value]];
  }),
);

describe('readConfig', () => {
  it('has defaults for everything, each the one the operator is told', () => {
    expect(told).toMatchObject({ stage: 'prod', logRetentionDays: RetentionDays.ONE_MONTH });
    expect(from({})).toEqual(told);
  });

  it('reads strings from -c flags as numbers', () => {
    expect(from({ matchRetentionDays: '30', logRetentionDays: '14', apiRateLimit: '5', wafRateLimit: '500' })).toMatchObject({
      matchRetentionDays: 30,
      logRetentionDays: 14,
      apiRateLimit: 5,
      wafRateLimit: 500,
    });
  });

  it('takes a custom domain with a us-east-1 certificate, or with a hosted zone to issue one', () => {
    const arn = 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123';
    expect(from({ domainName: 'Dusk.Example.org', certificateArn: arn })).toMatchObject({
      domainName: 'dusk.example.org',
      certificateArn: arn,
    });
    expect(from({ domainName: 'dusk.example.org', hostedZoneId: 'Z1', hostedZoneName: 'example.org.' })).toMatchObject({
      hostedZoneName: 'example.org',
    });
  });

  it.each([
    [{ stage: 'Prod!' }, /stage/],
    [{ stage: 'a'.repeat(21) }, /stage/],
    [{ domainName: 'not a domain' }, /domainName/],
    [{ domainName: 'dusk.example.org' }, /certificateArn.*or hostedZoneId/],
    [{ domainName: 'dusk.example.org', certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/x' }, /us-east-1/],
    [{ certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x' }, /needs domainName/],
    [{ domainName: 'dusk.example.org', hostedZoneId: 'Z1' }, /go together/],
    [{ domainName: 'dusk.example.com', hostedZoneId: 'Z1', hostedZoneName: 'example.org' }, /not inside/],
    [{ logRetentionDays: '10' }, /logRetentionDays must be one of/],
    [{ matchRetentionDays: '0' }, /matchRetentionDays/],
    [{ matchRetentionDays: 'soon' }, /matchRetentionDays/],
    [{ alarmEmail: 'nobody' }, /alarmEmail/],
    [{ wafRateLimit: '5' }, /wafRateLimit/],
  ] as Array<[Partial<Record<ContextKey, unknown>>, RegExp]>)('refuses %j', (context, message) => {
    expect(() => from(context)).toThrow(ConfigError);
    expect(() => from(context)).toThrow(message);
  });
});
