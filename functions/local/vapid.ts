// The local stack's VAPID keys: made on the first start and kept with the data (mode 0600), so devices
// subscribed before a restart keep receiving. The private key is never printed.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { newVapidKeys, type VapidKeys } from '../adapters/web-push-sender.js';

/** Who runs this server, for the push services; `DUSK_VAPID_SUBJECT` names a real contact. */
export const localVapidSubject = () => process.env.DUSK_VAPID_SUBJECT ?? 'mailto:dusk@example.org';

/** The keys under `dataDir` (created there once), or fresh ones kept in memory when there is no folder. */
export async function localVapidKeys(dataDir: string | null): Promise<VapidKeys> {
  const subject = localVapidSubject();
  if (dataDir === null) return { ...newVapidKeys(), subject };
  const file = join(dataDir, 'vapid.json');
  try {
    const kept = JSON.parse(await readFile(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string')
      return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new Error(`${file} is not readable VAPID keys; remove it to make new ones`);
  }
  const keys = newVapidKeys();
  // `wx`: two stacks starting on one folder never overwrite each other's keys.
  await writeFile(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  return { ...keys, subject };
}
