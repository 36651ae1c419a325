// The fifty re-votes of the `ballotBurst` figure, sent from a thread of their own: in a busy evening the
// crowd's requests come from other devices, not from the server's own event loop, so building and sending
// them must not be counted in the other player's vote. Connections are opened first, as open pages hold them,
// and the requests go through node:http as http-send.ts's do: fetch (undici) spent this machine's CPU on
// loopback beside the server's, which the figure then counted as the server's.
// `bases` are the servers; a round sent with `spread` deals its requests over all of them in turn (as a
// load balancer deals them to Lambda instances), otherwise they all go to the first.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { bases, token, matchId, size } = workerData;
const actions = bases.map((base) => new URL(`${base}/api/matches/${matchId}/me/actions`));
const agents = bases.map(() => new Agent({ keepAlive: true, maxSockets: size }));

const send = (server, method, path, body) =>
  new Promise((done, fail) => {
    const headers =
      body === undefined
        ? {}
        : { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'content-length': String(Buffer.byteLength(body)) };
    const { hostname: host, port } = actions[server];
    const req = request({ host, port, path, method, agent: agents[server], headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(body);
  });

parentPort.on('message', async ({ round, targets, spread }) => {
  const serverOf = (k) => (spread ? k % bases.length : 0);
  await Promise.all(Array.from({ length: size }, (_, k) => send(serverOf(k), 'GET', '/api/health')));
  const sent = Array.from({ length: size }, (_, k) =>
    send(
      serverOf(k),
      'POST',
      actions[serverOf(k)].pathname,
      JSON.stringify({ type: 'vote', target: targets[k % targets.length], phase: 'day-1' }),
    ),
  );
  // The requests are on their open connections: the other player may send his vote now.
  setImmediate(() => parentPort.postMessage({ round, sent: true }));
  const answers = await Promise.all(sent);
  const refused = answers.filter((a) => a.status !== 201);
  parentPort.postMessage({ round, done: true, refused: refused.map((a) => `${a.status} ${a.body}`) });
});
