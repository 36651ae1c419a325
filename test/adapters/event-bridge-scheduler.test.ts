// The EventBridge Scheduler adapter: nothing local speaks that API, so the SDK client is mocked.
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { atExpression, EventBridgeScheduler, scheduleName } from '../../functions/adapters/aws/event-bridge-scheduler.js';

const scheduler = mockClient(SchedulerClient);
const adapter = () =>
  new EventBridgeScheduler({
    client: new SchedulerClient({ region: 'eu-south-1' }),
    groupName: 'dusk-phases',
    resolverArn: 'arn:aws:lambda:eu-south-1:123456789012:function:resolver',
    roleArn: 'arn:aws:iam::123456789012:role/scheduler',
    deadLetterArn: 'arn:aws:sqs:eu-south-1:123456789012:resolver-dlq',
  });

beforeEach(() => scheduler.reset());

describe('EventBridgeScheduler', () => {
  it('creates a one-time at() schedule in UTC, window off, deleted after completion, named after match and phase', async () => {
    scheduler.on(CreateScheduleCommand).resolves({});
    await adapter().schedule('m1', 'night-2', Date.parse('2026-04-01T10:00:00.400Z'));
    const input = scheduler.commandCalls(CreateScheduleCommand)[0]!.args[0].input;
    expect(input).toMatchObject({
      Name: 'dusk-m1-night-2',
      GroupName: 'dusk-phases',
      ScheduleExpression: 'at(2026-04-01T10:00:01)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: 'arn:aws:lambda:eu-south-1:123456789012:function:resolver',
        RoleArn: 'arn:aws:iam::123456789012:role/scheduler',
        DeadLetterConfig: { Arn: 'arn:aws:sqs:eu-south-1:123456789012:resolver-dlq' },
      },
    });
    expect(JSON.parse(input.Target!.Input!)).toEqual({ matchId: 'm1', phase: 'night-2' });
  });

  it('replaces an existing schedule (extend, resume) instead of failing', async () => {
    scheduler.on(CreateScheduleCommand).rejects(new ConflictException({ message: 'exists', Message: 'exists', $metadata: {} }));
    scheduler.on(UpdateScheduleCommand).resolves({});
    await adapter().schedule('m1', 'day-1', Date.parse('2026-04-02T10:00:00Z'));
    expect(scheduler.commandCalls(UpdateScheduleCommand)[0]!.args[0].input.ScheduleExpression).toBe('at(2026-04-02T10:00:00)');
  });

  it('cancelling a schedule that is already gone is not an error', async () => {
    scheduler.on(DeleteScheduleCommand).rejects(new ResourceNotFoundException({ message: 'gone', Message: 'gone', $metadata: {} }));
    await expect(adapter().cancel('m1', 'day-1')).resolves.toBeUndefined();
  });

  it('names stay within the 64-character limit and the expression has no milliseconds', () => {
    expect(scheduleName('x'.repeat(60), 'night-10').length).toBeLessThanOrEqual(64);
    expect(atExpression(Date.parse('2026-01-01T00:00:00Z'))).toBe('at(2026-01-01T00:00:00)');
  });
});
