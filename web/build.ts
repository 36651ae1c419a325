// Builds the page: one minified JS bundle, one CSS file (content-hashed names) and index.html into
// web/dist, with esbuild's JS API.
// `tsx web/build.ts` runs it (npm start's prestart, npm run build:web); tests import buildWeb().
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const webDir = dirname(fileURLToPath(import.meta.url));
const rootDir = resolve(webDir, '..');

export interface BuildOptions {
  /** Output folder (default web/dist). */
  outDir?: string;
  /** Minify (default true). */
  minify?: boolean;
}

export interface BuiltFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface BuildResult {
  outDir: string;
  files: BuiltFile[];
}

export async function buildWeb(options: BuildOptions = {}): Promise<BuildResult> {
  const outDir = resolve(options.outDir ?? join(webDir, 'dist'));
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const result = await build({
    absWorkingDir: rootDir,
    // The service worker has a fixed name (its scope is the site; browsers revalidate it themselves).
    entryPoints: { app: join(webDir, 'src/main.ts'), sw: join(webDir, 'src/push-worker.ts') },
    bundle: true,
    format: 'esm',
    target: ['chrome100', 'firefox100', 'safari15'],
    minify: options.minify ?? true,
    sourcemap: false,
    legalComments: 'none',
    charset: 'utf8',
    outdir: outDir,
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const outputs = new Map<string, Uint8Array>();
  for (const file of result.outputFiles) outputs.set(file.path.slice(outDir.length + 1), file.contents);
  const js = outputs.get('app.js');
  const css = outputs.get('app.css');
  if (!js || !css) throw new Error(`esbuild produced ${[...outputs.keys()].join(', ')}, expected app.js and app.css`);
  // Content-hashed names: a CDN may keep them forever; only index.html must be revalidated.
  const hash = (b: Uint8Array) => createHash('sha256').update(b).digest('hex').slice(0, 10);
  const jsName = `app-${hash(js)}.js`;
  const cssName = `app-${hash(css)}.css`;
  await writeFile(join(outDir, jsName), js);
  await writeFile(join(outDir, cssName), css);
  await writeFile(join(outDir, 'sw.js'), outputs.get('sw.js')!);
  const template = await readFile(join(webDir, 'public/index.html'), 'utf8');
  await writeFile(join(outDir, 'index.html'), template.replace('%CSS%', cssName).replace('%JS%', jsName));
  for (const name of await readdir(join(webDir, 'public'))) {
    if (name !== 'index.html') await copyFile(join(webDir, 'public', name), join(outDir, name));
  }
  const files: BuiltFile[] = [];
  for (const name of ['index.html', jsName, cssName]) {
    const bytes = await readFile(join(outDir, name));
    files.push({ file: name, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length });
  }
  return { outDir, files };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const started = Date.now();
  buildWeb()
    .then((r) => {
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
      for (const f of r.files)
        console.log(`web/dist/${f.file.padEnd(20)} ${kb(f.bytes).padStart(10)}  gzip ${kb(f.gzipBytes).padStart(9)}`);
      console.log(`built in ${Date.now() - started} ms`);
    })
    .catch((error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
