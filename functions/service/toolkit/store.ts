// The toolkit's storage, where the match store has it.
import type { Ports, ToolkitStore } from '../../ports.js';
import { refusal } from '../errors.js';

export function toolkitStore(ports: Ports): ToolkitStore {
  if (!ports.store.toolkit) throw refusal('not-supported', 'This store cannot roll back, import or queue webhooks.');
  return ports.store.toolkit;
}
