// Telegram on AWS (issue 45): with a bot configured, the webhook function sits behind the HTTP API at
// POST /api/telegram/webhook, the bot's token and webhook secret come from a Secrets Manager secret as
// dynamic references resolved at deploy time (never a value in the template), and cdk-nag finds nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../infra/config.js';
import { TELEGRAM_ENV } from '../../infra/telegram.js';
import { only, type CfnTemplate, synthesize, type Synthesized } from './synth.js';

let synth: Synthesized;
let json: CfnTemplate;
beforeAll(() => {
  synth = synthesize({ context: { telegramSecretName: 'dusk/telegram', telegramBotName: 'dusk_village_bot' } });
  json = synth.json;
}, 600_000);
afterAll(() => synth?.dispose());

const fn = (name: string) =>
  Object.entries(json.Resources).find(([, r]) => r.Type === 'AWS::Lambda::Function' && r.Properties?.FunctionName === name);
const envOf = (name: string) => fn(name)![1].Properties!.Environment.Variables as Record<string, unknown>;

describe('Telegram on AWS (issue 45)', () => {
  it('the webhook function, behind the HTTP API, gets the token and the webhook secret from the secret, at deploy', () => {
    const webhook = envOf('dusk-prod-telegram');
    expect(webhook[TELEGRAM_ENV.token]).toBe('{{resolve:secretsmanager:dusk/telegram:SecretString:token::}}');
    expect(webhook[TELEGRAM_ENV.webhookSecret]).toBe('{{resolve:secretsmanager:dusk/telegram:SecretString:webhookSecret::}}');
    expect(webhook[TELEGRAM_ENV.botName]).toBe('dusk_village_bot');
    const [routeId] = only(json, 'AWS::ApiGatewayV2::Route', (r) => r.Properties?.RouteKey === 'POST /api/telegram/webhook');
    expect(routeId).toBeTruthy();
  });

  it('the functions that link and send have the token; only the webhook has its secret', () => {
    for (const name of ['dusk-prod-api', 'dusk-prod-effects', 'dusk-prod-deliveries']) {
      expect(envOf(name)[TELEGRAM_ENV.token], name).toBe('{{resolve:secretsmanager:dusk/telegram:SecretString:token::}}');
      expect(envOf(name)[TELEGRAM_ENV.webhookSecret], name).toBeUndefined();
    }
    expect(envOf('dusk-prod-resolver')[TELEGRAM_ENV.token]).toBeUndefined();
    expect(JSON.stringify(json)).not.toMatch(/"[0-9]{6,}:[A-Za-z0-9_-]{30,}"/);
  });

  it('cdk-nag finds nothing on the bot', () => {
    const nag = synth.report?.pluginReports.find((r) => r.pluginName === 'AwsSolutions');
    expect((nag?.violations ?? []).filter((v: any) => JSON.stringify(v).match(/Telegram|secretsmanager/i))).toEqual([]);
  });

  it('the bot is optional; with its secret, its username is required, and its API address must be https', () => {
    expect(readConfig(() => undefined).telegram).toBeUndefined();
    const ctx = (c: Record<string, string>) => readConfig((k) => c[k]);
    expect(ctx({ telegramSecretName: 'dusk/telegram', telegramBotName: 'dusk_bot' }).telegram).toEqual({
      secretName: 'dusk/telegram',
      botName: 'dusk_bot',
    });
    expect(() => ctx({ telegramSecretName: 'dusk/telegram' })).toThrow(ConfigError);
    expect(() => ctx({ telegramSecretName: 'dusk/telegram', telegramBotName: '@bad name' })).toThrow(ConfigError);
    expect(() => ctx({ telegramSecretName: 'dusk/telegram', telegramBotName: 'dusk_bot', telegramApiUrl: 'http://10.0.0.1' })).toThrow(
      ConfigError,
    );
    expect(fn('dusk-prod-telegram')).toBeDefined();
  });
});
