// Web Push on AWS (issue 16): the functions that finish resolutions and sweep reminders get the VAPID keys
// from the operator's Secrets Manager secret. CloudFormation resolves the dynamic reference at deploy time:
// the key is in no template, no asset and no log (it is in the functions' configuration, like any env value).
import { SecretValue } from 'aws-cdk-lib';
import type { Function as LambdaFunctionResource } from 'aws-cdk-lib/aws-lambda';
import { ENV } from '../functions/env.js';
import type { DuskConfig } from './config.js';

/** The environment functions/adapters/aws/ports.ts reads for Web Push. */
export const VAPID_ENV = { publicKey: ENV.VAPID_PUBLIC_KEY, privateKey: ENV.VAPID_PRIVATE_KEY, subject: ENV.VAPID_SUBJECT } as const;

export function attachVapid(vapid: NonNullable<DuskConfig['vapid']>, senders: LambdaFunctionResource[]): void {
  const field = (name: 'publicKey' | 'privateKey') => SecretValue.secretsManager(vapid.secretName, { jsonField: name }).unsafeUnwrap();
  for (const fn of senders) {
    fn.addEnvironment(VAPID_ENV.publicKey, field('publicKey'));
    fn.addEnvironment(VAPID_ENV.privateKey, field('privateKey'));
    fn.addEnvironment(VAPID_ENV.subject, vapid.subject);
  }
}
