// Issue 46: the Lambdas' environment is declared once (functions/env.ts); the synthesized stack gives each
// function every variable its handler cannot start without, and no name the handlers do not read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV, LAMBDA_ENV, LIVE_ENV, lambdaEnv, readEnv, requiredNames } from '../../functions/env.js';
import { HANDLERS } from '../../infra/bundling.js';
import { resourcesOf, synthesize, type CfnTemplate, type Synthesized } from './synth.js';

let synth: Synthesized;
let json: CfnTemplate;
beforeAll(() => {
  synth = synthesize();
  json = synth.json;
}, 600_000);
afterAll(() => synth?.dispose());

/** Each deployed function's environment, by the handler name its function name ends with. */
const environments = () =>
  new Map(
    resourcesOf(json, 'AWS::Lambda::Function')
      .filter(([, r]) => typeof r.Properties?.FunctionName === 'string' && r.Properties.FunctionName.startsWith('dusk-'))
      .map(([, r]) => [
        String(r.Properties!.FunctionName).split('-').pop()!,
        (r.Properties!.Environment?.Variables ?? {}) as Record<string, unknown>,
      ]),
  );

describe('the Lambdas environment (issue 46)', () => {
  it('issue 46: every function that builds the ports gets every variable they need, and the stream effects settings', () => {
    const envs = environments();
    for (const handler of Object.keys(HANDLERS)) {
      const env = envs.get(handler);
      expect(env, handler).toBeDefined();
      expect(Object.keys(env!), handler).toEqual(expect.arrayContaining(requiredNames(LAMBDA_ENV)));
      expect(env![ENV.EFFECTS], handler).toBe('stream');
      expect(env![ENV.DELIVERY_QUEUE_URL], handler).toBeDefined();
    }
  });

  it('issue 46: the live-connection function gets what it reads, and every name set anywhere is one the handlers read', () => {
    const envs = environments();
    expect(Object.keys(envs.get('live') ?? {})).toEqual(expect.arrayContaining(requiredNames(LIVE_ENV)));
    const known = Object.keys(LAMBDA_ENV.shape);
    for (const [handler, env] of envs) for (const name of Object.keys(env)) expect(known, `${handler} sets ${name}`).toContain(name);
  });

  it('issue 46: a missing required variable stops the handler at cold start, with its name; defaults fill the rest', () => {
    const given = { TABLE_NAME: 't', SITE_BUCKET: 'b', SCHEDULE_GROUP: 'g', RESOLVER_ARN: 'arn:r', SCHEDULER_ROLE_ARN: 'arn:s' };
    expect(() => lambdaEnv({ ...given, SITE_BUCKET: '' })).toThrow(/SITE_BUCKET/);
    const env = lambdaEnv(given);
    expect(env).toMatchObject({ STAGE: 'local', RETENTION_DAYS: 0, LOBBY_DAYS: 7, CREATE_PER_HOUR: 10 });
    expect(env.EFFECTS).toBeUndefined();
    expect(readEnv(LIVE_ENV, { TABLE_NAME: 't' }).TABLE_NAME).toBe('t');
    expect(() => readEnv(LIVE_ENV, {})).toThrow(/TABLE_NAME/);
  });
});
