// `tsx infra/bundle.ts <entry> <outdir>`: one Lambda bundle, as infra/bundling.ts describes it. The
// stack runs it in a child process while staging a function's asset (bundledCode).
import { build } from 'esbuild';
import { bundleOptions } from './bundling.js';

const [entry, outdir] = process.argv.slice(2);
if (!entry || !outdir) {
  console.error('usage: tsx infra/bundle.ts <entry relative to the repository> <output folder>');
  process.exit(2);
}
await build(bundleOptions(entry, outdir));
