// Telegram on AWS (issue 45): the bot's token and webhook secret come from the operator's Secrets Manager
// secret, resolved by CloudFormation at deploy time (as the VAPID keys are: in no template, asset or log);
// the webhook function sits behind the HTTP API at POST /api/telegram/webhook.
import { SecretValue } from 'aws-cdk-lib';
import { HttpMethod, type HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Function as LambdaFunctionResource } from 'aws-cdk-lib/aws-lambda';
import { ENV } from '../functions/env.js';
import type { DuskConfig } from './config.js';

/** The environment functions/adapters/aws/ports.ts reads for the bot. */
export const TELEGRAM_ENV = {
  token: ENV.TELEGRAM_TOKEN,
  webhookSecret: ENV.TELEGRAM_WEBHOOK_SECRET,
  botName: ENV.TELEGRAM_BOT,
  apiUrl: ENV.TELEGRAM_API,
} as const;
export const TELEGRAM_WEBHOOK_PATH = '/api/telegram/webhook';

/** Gives the bot to the functions that send or link (the API's codes, the effects, the deliveries, the webhook). */
export function attachTelegram(telegram: NonNullable<DuskConfig['telegram']>, senders: LambdaFunctionResource[]): void {
  const field = (name: 'token' | 'webhookSecret') => SecretValue.secretsManager(telegram.secretName, { jsonField: name }).unsafeUnwrap();
  for (const fn of senders) {
    fn.addEnvironment(TELEGRAM_ENV.token, field('token'));
    fn.addEnvironment(TELEGRAM_ENV.botName, telegram.botName);
    if (telegram.apiUrl) fn.addEnvironment(TELEGRAM_ENV.apiUrl, telegram.apiUrl);
  }
}

/** The webhook's route: the only function that reads the webhook's secret. */
export function telegramRoute(httpApi: HttpApi, webhook: LambdaFunctionResource, telegram: NonNullable<DuskConfig['telegram']>): void {
  webhook.addEnvironment(
    TELEGRAM_ENV.webhookSecret,
    SecretValue.secretsManager(telegram.secretName, { jsonField: 'webhookSecret' }).unsafeUnwrap(),
  );
  httpApi.addRoutes({
    path: TELEGRAM_WEBHOOK_PATH,
    methods: [HttpMethod.POST],
    integration: new HttpLambdaIntegration('TelegramIntegration', webhook),
  });
}
