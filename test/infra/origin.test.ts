// Issue 13 item 7 on the synthesized stack: the API answers only what CloudFront sends it. The
// distribution adds the origin secret as a custom header to the API origin; the API function holds
// the same value (and so trusts CloudFront-Viewer-Address); the creation limit and lobby lifetime are
// stack settings with their defaults.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_HEADER } from '../../functions/api/edge.js';
import { ConfigError, readConfig } from '../../infra/config.js';
import { only, synthesize, type CfnTemplate, type Synthesized } from './synth.js';

let synth: Synthesized;
let json: CfnTemplate;
beforeAll(() => {
  synth = synthesize();
  json = synth.json;
}, 240_000);
afterAll(() => synth?.dispose());

const apiFunction = () => only(json, 'AWS::Lambda::Function', (r) => r.Properties?.FunctionName === 'dusk-prod-api')[1];

describe('the API is reached only through CloudFront', () => {
  it('the distribution sends a generated secret header to the API origin, and only to it', () => {
    const [secretId, secret] = only(json, 'AWS::SecretsManager::Secret');
    expect(secret.Properties!.GenerateSecretString).toMatchObject({ ExcludePunctuation: true, PasswordLength: 48 });
    const origins = only(json, 'AWS::CloudFront::Distribution')[1].Properties!.DistributionConfig.Origins as any[];
    const api = origins.filter((o) => JSON.stringify(o.DomainName).includes('execute-api'));
    expect(api).toHaveLength(1);
    const headers = api[0].OriginCustomHeaders;
    expect(headers).toEqual([{ HeaderName: ORIGIN_HEADER, HeaderValue: expect.anything() }]);
    expect(JSON.stringify(headers[0].HeaderValue)).toContain(secretId);
    for (const other of origins.filter((o) => o !== api[0])) expect(other.OriginCustomHeaders).toBeUndefined();
  });

  it('the API function checks the same secret (so it trusts the viewer address) and has the creation and lobby settings', () => {
    const variables = apiFunction().Properties!.Environment.Variables;
    const [secretId] = only(json, 'AWS::SecretsManager::Secret');
    expect(JSON.stringify(variables.ORIGIN_SECRET)).toContain(secretId);
    expect(variables.CREATE_PER_HOUR).toBe('10');
    expect(variables.LOBBY_DAYS).toBe('7');
    // The other functions take no requests and get no secret.
    for (const name of ['resolver', 'sweeper']) {
      const fn = only(json, 'AWS::Lambda::Function', (r) => r.Properties?.FunctionName === `dusk-prod-${name}`)[1];
      expect(fn.Properties!.Environment.Variables.ORIGIN_SECRET).toBeUndefined();
    }
  });

  it('the settings are read from the context, bounded', () => {
    const read = (context: Record<string, unknown>) => readConfig((k) => context[k]);
    expect(read({})).toMatchObject({ createPerHour: 10, lobbyDays: 7 });
    expect(read({ createPerHour: '3', lobbyDays: 2 })).toMatchObject({ createPerHour: 3, lobbyDays: 2 });
    expect(() => read({ createPerHour: 0 })).toThrow(ConfigError);
    expect(() => read({ lobbyDays: 'soon' })).toThrow(ConfigError);
  });
});
