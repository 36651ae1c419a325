// The one place the service's ports are wired from a platform's adapters (AWS or this machine's).
// The Lambdas call `awsPorts`, the local stack (`npm start`, the tests) `composePorts` with its own adapters.
import { awsAdapters } from './adapters/aws/ports.js';
import { type LambdaEnv, lambdaEnv } from './env.js';
import type { PlatformAdapters, Ports } from './ports.js';
import { withPush } from './service/push/observers.js';
import { toolkitObservers } from './service/toolkit/hooks.js';
import { withTelegram } from './telegram/sweep.js';

/** The service's ports: the platform's adapters, the store's shared counters and the GM toolkit's and Web Push's observers. */
export function composePorts(adapters: PlatformAdapters): Ports {
  return {
    ...adapters,
    // The bound groups' reminders ride on each sweep (issue 45) where a bot runs.
    observers: adapters.telegram ? withTelegram(withPush(toolkitObservers)) : withPush(toolkitObservers),
    ...(adapters.store.quota ? { quota: adapters.store.quota } : {}),
  };
}

/** The ports of a Lambda, from its environment (parsed here unless the handler parsed it already). */
export function awsPorts(extra: Pick<Ports, 'telemetry'> = {}, env: LambdaEnv = lambdaEnv()): Ports {
  return composePorts({ ...extra, ...awsAdapters(env) });
}
