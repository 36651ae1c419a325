// The channels a player's view offers him to write in (`writable`, functions/service/play.ts) are exactly those
// the server accepts his messages in (LUP-12.1–12.3): the page draws a box for each and for no other, so a
// box the server would refuse, or a channel he may write in without a box, is a bug a player sees.
import { describe, expect, it } from 'vitest';
import { SEVEN, startSeven } from '../integration/lupus-table.js';
import { useStack } from '../setup/stack.js';
import { shortcuts } from '../toolkit/helpers.js';

const { api } = useStack();
const CHANNELS = ['public', 'pack', 'cemetery'];

describe("a player's writable channels (LUP-12)", () => {
  it('are the channels where his message is accepted, for the living, the pack and the dead alike', async () => {
    const m = await startSeven(api, {}, 'writable-channels');
    const s = shortcuts(api, m);
    await api.del(`${s.base}/players/carla`, m.gm);

    const writable: Record<string, string[]> = {};
    for (const { id } of SEVEN) {
      writable[id] = (await s.me(id)).writable;
      for (const channel of CHANNELS) {
        const answer = await s.post(id, channel, `${id} in ${channel}`);
        expect(answer.status < 300, `${id} writing in ${channel}: ${answer.status}`).toBe(writable[id]!.includes(channel));
      }
    }
    // LUP-12.1: the living write in public; LUP-12.2: the pack (Bruno, Elena) in its own channel; Carla, removed, not in public.
    expect(writable.anna).toEqual(['public']);
    expect(writable.bruno).toEqual(['public', 'pack']);
    expect(writable.elena).toEqual(['public', 'pack']);
    expect(writable.carla).not.toContain('public');
  });
});
