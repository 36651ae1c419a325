// What BucketDeployment uploads as the web page. A fresh clone has no web/dist yet, and synth
// must still work offline, so the choice is made here, at synth time, and reported.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Source, type ISource } from 'aws-cdk-lib/aws-s3-deployment';

export type WebSourceKind = 'dist' | 'public' | 'placeholder';

export interface WebSource {
  readonly kind: WebSourceKind;
  /** What is uploaded, for the synth warning and the tests. */
  readonly description: string;
  readonly sources: ISource[];
}

const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>dusk</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body><h1>dusk</h1><p>The web page was not built when this stack was deployed.
Run the web build (it writes <code>web/dist/</code>) and deploy again.
The API answers under <a href="/api/health">/api/</a>.</p></body></html>
`;

function nonEmptyDir(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory() && readdirSync(path).length > 0;
}

/**
 * `web/dist` (the built page) when it exists and is not empty. Otherwise `web/public` (static
 * files served as they are) when it holds an `index.html`; otherwise a one-page placeholder that
 * says what to do, plus whatever `web/public` holds. The stack warns at synth unless it is `dist`.
 */
export function webSource(repoRoot: string): WebSource {
  const dist = join(repoRoot, 'web', 'dist');
  if (nonEmptyDir(dist)) return { kind: 'dist', description: 'web/dist', sources: [Source.asset(dist)] };
  const pub = join(repoRoot, 'web', 'public');
  if (nonEmptyDir(pub) && existsSync(join(pub, 'index.html'))) {
    return { kind: 'public', description: 'web/public (web/dist not built)', sources: [Source.asset(pub)] };
  }
  const placeholder = Source.data('index.html', PLACEHOLDER);
  return nonEmptyDir(pub)
    ? { kind: 'placeholder', description: 'placeholder index.html + web/public', sources: [Source.asset(pub), placeholder] }
    : { kind: 'placeholder', description: 'placeholder index.html', sources: [placeholder] };
}
