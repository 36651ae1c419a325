// The stream record of a finish, as the consumer's tests hand it over again (a redelivery).
import type { StreamChange } from '../../functions/effects/changes.js';
import type { LocalStack } from '../../functions/local/stack.js';

/** META's mark cleared (what finish.ts writes last), built from META as it stands now. */
export async function finishRecord(stack: LocalStack, matchId: string, phase: string, id: string): Promise<StreamChange> {
  const after = (await stack.ports.store.getMeta(matchId))!;
  return {
    id,
    kind: 'MODIFY',
    pk: `MATCH#${matchId}`,
    sk: 'META',
    before: { ...after, needsPublish: phase, version: after.version - 1 },
    after: { ...after },
  };
}
