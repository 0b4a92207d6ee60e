// `npm run build -w api`: the server's TypeScript compiled to dist/ file by file, as tsc would lay
// it out (dist/server.js, dist/db/..., with source maps), and the SQL migrations copied beside.
// Types are not checked here: `npm run typecheck` checks the api once (its sources, tests,
// scripts and benches), and every file compiles alone (isolatedModules in tsconfig.base.json),
// so a build that checked them again would only take longer.
import { cpSync, globSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: globSync('src/**/*.ts'),
  outdir: 'dist',
  outbase: 'src',
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  tsconfig: 'tsconfig.build.json',
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/db/migrations', { recursive: true });
