// What stands in front of the API Lambda on AWS, done for the local server at the Node level, below
// Hono: API Gateway hands the Lambda a request's body whole, and CloudFront gzips an answer of 1 KB or
// more for a client that accepts it. As Hono middleware both would rebuild each request and answer as
// a web Request and Response with streams (@hono/node-server avoids that while nobody touches their
// bodies), which was about half of what a small API call cost on the local server.
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type RequestListener,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import { gzipSync } from 'node:zlib';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';

export interface TransportOptions {
  /** Paths this applies to (the API's); everything else goes to the listener as it came. */
  prefix: string;
  /** A body is read until it passes this (the chunk that passes it included): the API refuses a longer one (functions/api/body.ts). */
  maxBodyBytes: number;
  /** Answers of this many bytes and more are gzipped (of the types hono/compress takes), as CloudFront does (1,000 bytes there; 1 KiB here). */
  compressFrom: number;
}

/** The body as read, on the Node request: @hono/node-server builds a web Request from it when asked. */
type Buffered = IncomingMessage & { rawBody?: Buffer };

function readBody(request: Buffered, maxBytes: number): Promise<void> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () => {
      request.off('data', onData);
      request.off('end', finish);
      request.off('error', fail);
      request.rawBody = Buffer.concat(chunks);
      done();
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      // Enough to know it is too long: the rest is never held (node-server drains it after the answer).
      if (size > maxBytes) {
        request.pause();
        finish();
      }
    };
    request.on('data', onData);
    request.on('end', finish);
    request.on('error', fail);
  });
}

function lowerCased(headers: OutgoingHttpHeaders | undefined): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(headers ?? {})) if (v !== undefined) out[k.toLowerCase()] = v;
  return out;
}

function gzipped(status: number, headers: OutgoingHttpHeaders, body: Buffer, from: number): { headers: OutgoingHttpHeaders; body: Buffer } {
  const type = String(headers['content-type'] ?? '');
  const noTransform = /no-transform/i.test(String(headers['cache-control'] ?? ''));
  if (status < 200 || status === 204 || status === 206 || status === 304 || body.length < from) return { headers, body };
  if (headers['content-encoding'] !== undefined || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) || noTransform) return { headers, body };
  const zipped = gzipSync(body);
  const vary = headers.vary === undefined ? 'Accept-Encoding' : `${String(headers.vary)}, Accept-Encoding`;
  const etag = headers.etag === undefined || String(headers.etag).startsWith('W/') ? headers.etag : `W/${String(headers.etag)}`;
  return {
    headers: { ...headers, 'content-encoding': 'gzip', vary, ...(etag === undefined ? {} : { etag }) },
    body: zipped,
  };
}

const acceptsGzip = (headers: IncomingHttpHeaders) => /\bgzip\b/i.test(String(headers['accept-encoding'] ?? ''));

/**
 * Holds the answer until it ends, then sends it gzipped or as it is. API answers are small JSON
 * documents written at once, so nothing is lost by holding them.
 */
function holdAnswer(response: ServerResponse, from: number): void {
  let head: { status: number; headers: OutgoingHttpHeaders } | null = null;
  const chunks: Buffer[] = [];
  const send = { writeHead: response.writeHead.bind(response), end: response.end.bind(response) };
  const toBuffer = (chunk: unknown) => (typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
  Object.assign(response, {
    writeHead(status: number, ...rest: unknown[]) {
      const headers = rest.find((r) => typeof r === 'object' && r !== null) as OutgoingHttpHeaders | undefined;
      head = { status, headers: lowerCased(headers) };
      return response;
    },
    flushHeaders() {},
    write(chunk: unknown, ...rest: unknown[]) {
      chunks.push(toBuffer(chunk));
      const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      callback?.();
      return true;
    },
    end(...args: unknown[]) {
      const chunk = args.find((a) => typeof a === 'string' || a instanceof Uint8Array);
      if (chunk !== undefined) chunks.push(toBuffer(chunk));
      const body = Buffer.concat(chunks);
      const status = head?.status ?? response.statusCode;
      const out = gzipped(status, { ...response.getHeaders(), ...(head?.headers ?? {}) }, body, from);
      // Sent at once: its length is known, whatever the answer said of chunks.
      delete out.headers['transfer-encoding'];
      if (status !== 204 && status !== 304) out.headers['content-length'] = out.body.length;
      send.writeHead(status, out.headers);
      return send.end(out.body);
    },
  });
}

export function apiTransport(listener: RequestListener, options: TransportOptions): RequestListener {
  return (request, response) => {
    if (!(request.url ?? '').startsWith(options.prefix)) return listener(request, response);
    if (acceptsGzip(request.headers) && request.method !== 'HEAD') holdAnswer(response, options.compressFrom);
    if (request.method === 'GET' || request.method === 'HEAD') return listener(request, response);
    readBody(request, options.maxBodyBytes).then(
      () => listener(request, response),
      () => response.destroy(),
    );
  };
}

/** `createServer` for @hono/node-server's serve(), which always passes (serverOptions, listener). */
export function transportServer(options: TransportOptions): typeof createServer {
  return ((serverOptions: ServerOptions, listener: RequestListener) =>
    createServer(serverOptions, apiTransport(listener, options))) as typeof createServer;
}
