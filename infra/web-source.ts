// What BucketDeployment uploads as the web page. A fresh clone has no web/dist (it is built, not
// committed) and synth must still work offline, so the choice is made here and reported.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Source, type ISource } from 'aws-cdk-lib/aws-s3-deployment';

export type WebSourceKind = 'dist' | 'built' | 'placeholder';

export interface WebSource {
  readonly kind: WebSourceKind;
  /** What is uploaded, for the stack output, the synth warning and the tests. */
  readonly description: string;
  readonly sources: ISource[];
}

const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>dusk</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body><h1>dusk</h1><p>The web page was not built when this stack was deployed.
Run <code>npm run build:web</code> (it writes <code>web/dist/</code>) and deploy again.
The API answers under <a href="/api/health">/api/</a>.</p></body></html>
`;

/** A built page: a folder with its index.html. */
export function isBuiltPage(dir: string): boolean {
  return existsSync(join(dir, 'index.html'));
}

/** A page built elsewhere (infra/app.ts builds one when web/dist is missing). */
export function builtWebSource(dir: string, description: string): WebSource {
  return { kind: 'built', description, sources: [Source.asset(dir)] };
}

/**
 * `web/dist` when it holds a built page; otherwise a one-page placeholder that says what to do
 * (web/public is not a fallback: its index.html is the build's template). The stack warns at
 * synth when it deploys the placeholder.
 */
export function webSource(repoRoot: string): WebSource {
  const dist = join(repoRoot, 'web', 'dist');
  if (isBuiltPage(dist)) return { kind: 'dist', description: 'web/dist', sources: [Source.asset(dist)] };
  return {
    kind: 'placeholder',
    description: 'placeholder index.html (web/dist not built)',
    sources: [Source.data('index.html', PLACEHOLDER)],
  };
}
