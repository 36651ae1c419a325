// Decision 7: the sweeper resolves every overdue phase it finds, and a match it cannot resolve does not hold
// the others back; the sweep then fails, so its invocation fails and the alarm sees it. The failing match
// is staged on the real store (DynamoDB Local through the AWS adapter) with a ruleset no longer installed.
import { describe, expect, it } from 'vitest';
import { sweep } from '../../functions/service/resolve.js';
import { startSeven } from '../integration/lupus-table.js';
import { handClock } from '../setup/clock.js';
import { useStack } from '../setup/stack.js';

const clock = handClock();
const { stack, api } = useStack({ clock, sweepEveryMs: 3_600_000 });

describe('decision 7: a sweep over overdue phases', () => {
  it('resolves the phases it can, then fails for the one it cannot', async () => {
    const broken = await startSeven(api, {}, 'sweep-broken');
    const sound = await startSeven(api, {}, 'sweep-sound');
    const store = stack.ports.store;
    const meta = (await store.getMeta(broken.matchId))!;
    await store.putMeta({ ...meta, ruleset: 'retired-ruleset', version: meta.version + 1 }, meta.version);
    clock.t = Math.max(meta.deadline!, (await store.getMeta(sound.matchId))!.deadline!) + 1;

    await expect(sweep(stack.ports)).rejects.toThrow(/retired-ruleset/);
    expect(await store.getMeta(sound.matchId)).toMatchObject({ status: 'running', phase: 'day-1' });
    expect(await store.getMeta(broken.matchId)).toMatchObject({ phase: 'night-1' });
  });
});
