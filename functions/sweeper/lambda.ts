// The sweeper function: every few minutes, resolves phases whose trigger was lost.
import { awsPorts } from '../adapters/aws/ports.js';
import { sweep } from '../service/resolve.js';

const ports = awsPorts();

export async function handler() {
  const resolved = await sweep(ports);
  console.log(JSON.stringify({ level: 'info', message: 'sweeper', resolved }));
  return { resolved };
}
