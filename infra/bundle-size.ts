// Bundles each handler exactly as the stack does and reports its size and its biggest inputs.
// Usage: npx tsx infra/bundle-size.ts [--top N] [--sdk-external]
//   --sdk-external: the alternative not taken, leaving @aws-sdk/* and @smithy/* to the runtime.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { esbuildOptions, HANDLERS, loadedAtInit, REPO_ROOT, type HandlerName } from './bundling.js';

const topIndex = process.argv.indexOf('--top');
const top = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 8;
const sdkExternal = process.argv.includes('--sdk-external');

function packageOf(input: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (match) return match[1]!;
  return input.split('/').slice(0, 2).join('/');
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;

const out = mkdtempSync(join(tmpdir(), 'dusk-bundle-size-'));
try {
  for (const name of Object.keys(HANDLERS) as HandlerName[]) {
    const outdir = join(out, name);
    const options = esbuildOptions(name, outdir);
    const result = await build({
      ...options,
      ...(sdkExternal ? { external: [...(options.external ?? []), '@aws-sdk/*', '@smithy/*'] } : {}),
      metafile: true,
    });
    // What a cold start reads (the entry and the chunks it imports statically); the other chunks load
    // when a request first needs them.
    const atInit = loadedAtInit(result.metafile);
    const bytes = Buffer.concat(atInit.map((f) => readFileSync(join(REPO_ROOT, f))));
    const chunks = Object.entries(result.metafile.outputs)
      .filter(([name]) => !atInit.includes(name))
      .reduce((sum, [, o]) => sum + o.bytes, 0);
    const byPackage = new Map<string, number>();
    for (const output of atInit.map((f) => result.metafile.outputs[f]!)) {
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
        const key = packageOf(input);
        byPackage.set(key, (byPackage.get(key) ?? 0) + bytesInOutput);
      }
    }
    const zipped = gzipSync(bytes, { level: 9 }).length;
    console.log(
      `${name.padEnd(9)} ${kb(bytes.length).padStart(11)} minified at init, ${kb(zipped).padStart(10)} gzip, ${kb(chunks)} deferred  (${HANDLERS[name]})`,
    );
    for (const [pkg, size] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`            ${kb(size).padStart(11)}  ${pkg}`);
    }
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
