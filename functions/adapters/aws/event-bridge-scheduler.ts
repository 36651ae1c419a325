// The Scheduler port on EventBridge Scheduler: one one-time schedule per match phase, named after both.
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
  type CreateScheduleCommandInput,
} from '@aws-sdk/client-scheduler';
import type { Scheduler } from '../../ports.js';

export interface EventBridgeSchedulerOptions {
  client: SchedulerClient;
  groupName: string;
  resolverArn: string;
  roleArn: string;
  /** Where the scheduler sends a trigger it could not deliver after its retries. */
  deadLetterArn?: string;
}

/** `dusk-<match>-<phase>`: a retry for the same phase names the same schedule, so it converges. */
export function scheduleName(matchId: string, phase: string): string {
  return `dusk-${matchId}-${phase}`.slice(0, 64);
}

/** `at(yyyy-mm-ddThh:mm:ss)` in UTC, rounded up to the next second. */
export function atExpression(at: number): string {
  const iso = new Date(Math.ceil(at / 1000) * 1000).toISOString();
  return `at(${iso.slice(0, 19)})`;
}

export class EventBridgeScheduler implements Scheduler {
  constructor(private readonly options: EventBridgeSchedulerOptions) {}

  async schedule(matchId: string, phase: string, at: number): Promise<void> {
    const input: CreateScheduleCommandInput = {
      Name: scheduleName(matchId, phase),
      GroupName: this.options.groupName,
      ScheduleExpression: atExpression(at),
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: this.options.resolverArn,
        RoleArn: this.options.roleArn,
        Input: JSON.stringify({ matchId, phase }),
        RetryPolicy: { MaximumRetryAttempts: 10, MaximumEventAgeInSeconds: 3600 },
        ...(this.options.deadLetterArn ? { DeadLetterConfig: { Arn: this.options.deadLetterArn } } : {}),
      },
    };
    try {
      await this.options.client.send(new CreateScheduleCommand(input));
    } catch (error) {
      if (!(error instanceof ConflictException)) throw error;
      await this.options.client.send(new UpdateScheduleCommand(input));
    }
  }

  async cancel(matchId: string, phase: string): Promise<void> {
    try {
      await this.options.client.send(new DeleteScheduleCommand({ Name: scheduleName(matchId, phase), GroupName: this.options.groupName }));
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
  }
}

/** The scheduler of a Lambda function, with the SDK's client as the environment configures it. */
export function lambdaScheduler(options: Omit<EventBridgeSchedulerOptions, 'client'>): EventBridgeScheduler {
  return new EventBridgeScheduler({ client: new SchedulerClient({}), ...options });
}
