// A local Web Push service (RFC 8030) on 127.0.0.1 over TLS, and browser-side subscriptions for it: each
// subscription has its own P-256 key pair and auth secret, and the service decrypts what it receives
// (aes128gcm, RFC 8188 + RFC 8291) and checks the VAPID signature (RFC 8292), as a browser's would.
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Delivered {
  device: string;
  headers: IncomingHttpHeaders;
  /** The decrypted payload, parsed. */
  payload: any;
  /** The VAPID public key the request was signed with (`k=`), if its JWT verified. */
  vapidKey: string | null;
  ttl: number;
}

/** A self-signed certificate for 127.0.0.1, made with the system's openssl. */
function certificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'dusk-push-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Device {
  ecdh: ECDH;
  auth: Buffer;
}

/** RFC 8291 §3.4 and RFC 8188 §2: one record, padded with a 0x02 delimiter. */
function decrypt(device: Device, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const senderKey = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const shared = device.ecdh.computeSecret(senderKey);
  const receiverKey = device.ecdh.getPublicKey();
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end > 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('not a last record');
  return plain.subarray(0, end).toString('utf8');
}

/** The `k=` of `Authorization: vapid t=…, k=…` when the JWT is signed by it for this service's origin. */
function vapidKey(header: string | undefined, origin: string): string | null {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) return null;
  const [head, claims, signature] = m[1]!.split('.');
  const point = Buffer.from(m[2]!, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'));
  const aud = JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8')).aud;
  return ok && aud === origin ? m[2]! : null;
}

/** What the service answers a notice to a device: 201 by default. */
export type PushAnswer = (device: string) => number;

export async function pushService(answer: PushAnswer = () => 201) {
  const { key, cert } = certificate();
  const devices = new Map<string, Device>();
  const delivered: Delivered[] = [];
  let origin = '';
  const server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (req.url ?? '').replace(/^\/push\//, '');
      const device = devices.get(id);
      const status = device ? answer(id) : 404;
      if (device && status >= 200 && status < 300) {
        delivered.push({
          device: id,
          headers: req.headers,
          payload: JSON.parse(decrypt(device, Buffer.concat(chunks))),
          vapidKey: vapidKey(req.headers.authorization, origin),
          ttl: Number(req.headers.ttl),
        });
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    cert,
    delivered,
    /** A new browser subscription (what `PushSubscription.toJSON()` gives), its device named `id`. */
    subscription(id: string) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(id, { ecdh, auth });
      return {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    to: (id: string) => delivered.filter((d) => d.device === id),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
