// The fifty re-votes of the `ballotBurst` figure, sent from a thread of their own: in a busy evening the
// crowd's requests come from other devices, not from the server's own event loop, so building and sending
// them must not be counted in the other player's vote. Connections are opened first, as open pages hold them.
import { parentPort, workerData } from 'node:worker_threads';

const { base, token, matchId, size } = workerData;
const url = `${base}/api/matches/${matchId}/me/actions`;

parentPort.on('message', async ({ round, targets }) => {
  await Promise.all(Array.from({ length: size }, () => fetch(`${base}/api/health`).then((r) => r.arrayBuffer())));
  const sent = Array.from({ length: size }, (_, k) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ type: 'vote', target: targets[k % targets.length], phase: 'day-1' }),
    }).then(async (r) => ({ status: r.status, body: await r.text() })),
  );
  // The requests are on their open connections: the other player may send his vote now.
  setImmediate(() => parentPort.postMessage({ round, sent: true }));
  const answers = await Promise.all(sent);
  const refused = answers.filter((a) => a.status !== 201);
  parentPort.postMessage({ round, done: true, refused: refused.map((a) => `${a.status} ${a.body}`) });
});
