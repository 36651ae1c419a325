// The sweeper function: every few minutes, resolves phases whose trigger was lost. Any store or
// publisher error fails the invocation (after every due match was tried), so its alarm sees it.
import { awsPorts } from '../adapters/aws/ports.js';
import { sweep } from '../service/resolve.js';

const ports = awsPorts();

export async function handler() {
  const resolved = await sweep(ports);
  console.log(JSON.stringify({ level: 'info', message: 'sweeper', resolved }));
  return { resolved };
}
