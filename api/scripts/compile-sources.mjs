// The server's TypeScript compiled file by file, as tsc would lay it out (server.js, db/...), and
// the SQL migrations copied beside: `npm run build -w api` into dist/ (build.mjs), and the API
// tests' build of their run (test/server-build.cjs). Types are not checked here: `npm run
// typecheck` checks the api once, and every file compiles alone (isolatedModules in
// tsconfig.base.json).
import { cpSync, globSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const apiDir = path.resolve(import.meta.dirname, '..');

/** Compiles api/src into `outdir`, with source maps when `sourcemap`. */
export async function compileSources(outdir, { sourcemap = false } = {}) {
  await build({
    // Declaration files (a package's missing types) hold no code to compile.
    entryPoints: globSync('src/**/*.ts', { cwd: apiDir, exclude: ['**/*.d.ts'] }).map((file) =>
      path.join(apiDir, file),
    ),
    outdir,
    outbase: path.join(apiDir, 'src'),
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap,
    tsconfig: path.join(apiDir, 'tsconfig.build.json'),
    logLevel: 'warning',
  });
  cpSync(path.join(apiDir, 'src', 'db', 'migrations'), path.join(outdir, 'db', 'migrations'), {
    recursive: true,
  });
}
