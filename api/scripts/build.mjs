// `npm run build -w api`: the server's TypeScript compiled to dist/ file by file, with source
// maps, and the SQL migrations copied beside (compile-sources.mjs). A build that checked the types
// again would only take longer: `npm run typecheck` checks the api once (its sources, tests,
// scripts and benches).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { compileSources } from './compile-sources.mjs';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
rmSync(dist, { recursive: true, force: true });
await compileSources(dist, { sourcemap: true });
