// Web Push on AWS (issue 16): the VAPID keys reach the functions that send, from a Secrets Manager secret,
// as a dynamic reference CloudFormation resolves at deploy time (never a value in the template).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig, ConfigError } from '../../infra/config.js';
import { VAPID_ENV } from '../../infra/web-push.js';
import { only, type CfnTemplate, synthesize, type Synthesized } from './synth.js';

let synth: Synthesized;
let json: CfnTemplate;
beforeAll(() => {
  synth = synthesize({ context: { vapidSecretName: 'dusk/vapid', vapidSubject: 'mailto:ops@example.org' } });
  json = synth.json;
}, 600_000);
afterAll(() => synth?.dispose());

const envOf = (name: string) =>
  only(json, 'AWS::Lambda::Function', (r) => r.Properties?.FunctionName === name)[1].Properties!.Environment.Variables as Record<
    string,
    unknown
  >;

describe('Web Push on AWS (issue 16)', () => {
  it('issue 16: the API, the resolver and the sweeper get the VAPID keys from the secret, resolved at deploy time', () => {
    for (const name of ['dusk-prod-api', 'dusk-prod-resolver', 'dusk-prod-sweeper']) {
      const env = envOf(name);
      expect(env[VAPID_ENV.publicKey], name).toBe('{{resolve:secretsmanager:dusk/vapid:SecretString:publicKey::}}');
      expect(env[VAPID_ENV.privateKey], name).toBe('{{resolve:secretsmanager:dusk/vapid:SecretString:privateKey::}}');
      expect(env[VAPID_ENV.subject], name).toBe('mailto:ops@example.org');
    }
    // The connect function of the live pages sends nothing: it never sees the keys.
    expect(envOf('dusk-prod-live')[VAPID_ENV.privateKey]).toBeUndefined();
  });

  it('issue 16: cdk-nag finds nothing new', () => {
    const nag = synth.report?.pluginReports.find((r) => r.pluginName === 'AwsSolutions');
    expect((nag?.violations ?? []).filter((v: any) => JSON.stringify(v).match(/Vapid|secretsmanager/i))).toEqual([]);
  });

  it('issue 16: the secret is optional; with it, a VAPID contact is required (or the alarm e-mail)', () => {
    expect(readConfig(() => undefined).vapid).toBeUndefined();
    const ctx = (c: Record<string, string>) => readConfig((k) => c[k]);
    expect(ctx({ vapidSecretName: 'dusk/vapid', alarmEmail: 'ops@example.org' }).vapid).toEqual({
      secretName: 'dusk/vapid',
      subject: 'mailto:ops@example.org',
    });
    expect(ctx({ vapidSecretName: 'dusk/vapid', vapidSubject: 'https://dusk.example.org' }).vapid?.subject).toBe(
      'https://dusk.example.org',
    );
    expect(() => ctx({ vapidSecretName: 'dusk/vapid' })).toThrow(ConfigError);
    expect(() => ctx({ vapidSecretName: 'dusk/vapid', vapidSubject: 'ops' })).toThrow(ConfigError);
    expect(() => ctx({ vapidSecretName: 'bad name!', vapidSubject: 'mailto:a@b.c' })).toThrow(ConfigError);
  });
});
