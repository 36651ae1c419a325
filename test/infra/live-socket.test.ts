// The live pages' WebSocket API (issue 16), checked on the synthesized stack with aws-cdk-lib/assertions.
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_TABLE_ACTIONS } from '../../infra/live-socket.js';
import { only, resourcesOf, synthesize, type CfnTemplate, type Synthesized } from './synth.js';

let synth: Synthesized;
let json: CfnTemplate;
beforeAll(() => {
  synth = synthesize();
  json = synth.json;
}, 600_000);
afterAll(() => synth?.dispose());

const statements = (roleId: string) =>
  resourcesOf(json, 'AWS::IAM::Policy')
    .filter(([, p]) => JSON.stringify(p.Properties!.Roles).includes(roleId))
    .flatMap(([, p]) => p.Properties!.PolicyDocument.Statement as Array<{ Sid?: string; Action: string | string[]; Resource: unknown }>);
const roleOf = (name: string) =>
  only(json, 'AWS::Lambda::Function', (r) => r.Properties?.FunctionName === name)[1].Properties!.Role['Fn::GetAtt'][0] as string;

describe('live pages on AWS (issue 16)', () => {
  it('issue 16: a WebSocket API with $connect and $disconnect on the connect function, logged without query strings', () => {
    synth.template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET', Name: 'dusk-prod-live' });
    const routes = resourcesOf(json, 'AWS::ApiGatewayV2::Route')
      .map(([, r]) => r.Properties!.RouteKey)
      .sort();
    expect(routes).toEqual(expect.arrayContaining(['$connect', '$disconnect']));
    expect(routes).not.toContain('$default');
    const [, stage] = only(json, 'AWS::ApiGatewayV2::Stage', (r) => r.Properties?.StageName === 'live');
    expect(stage.Properties!.AccessLogSettings.Format).not.toMatch(/querystring|token/i);
    expect(stage.Properties!.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: expect.any(Number) });
    synth.template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'dusk-prod-live',
      Environment: { Variables: { TABLE_NAME: Match.anyValue() } },
    });
  });

  it('issue 16: the connect function only keeps connection items; the committing functions may post to connections and know where', () => {
    const live = statements(roleOf('dusk-prod-live'));
    const items = live.find((s) => s.Sid === 'ConnectionItems')!;
    expect([items.Action].flat().sort()).toEqual([...LIVE_TABLE_ACTIONS].sort());
    expect(live.map((s) => s.Sid).sort()).toEqual(['ConnectionItems', 'WriteOwnLogs']);
    for (const name of ['dusk-prod-api', 'dusk-prod-resolver', 'dusk-prod-sweeper']) {
      const push = statements(roleOf(name)).find((s) => s.Sid === 'PushToPages');
      expect(push, name).toBeDefined();
      expect([push!.Action].flat()).toEqual(['execute-api:ManageConnections']);
      expect(JSON.stringify(push!.Resource)).toContain('/live/POST/@connections/*');
      const [, fn] = only(json, 'AWS::Lambda::Function', (r) => r.Properties?.FunctionName === name);
      expect(fn.Properties!.Environment.Variables.LIVE_ENDPOINT).toBeDefined();
    }
  });

  it('issue 16: cdk-nag finds nothing unacknowledged in the live construct', () => {
    const nag = synth.report?.pluginReports.find((r) => r.pluginName === 'AwsSolutions');
    expect((nag?.violations ?? []).filter((v: any) => JSON.stringify(v).includes('Live'))).toEqual([]);
  });
});
