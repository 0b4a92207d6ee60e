// `npm start`: builds whatever has not been built yet, then runs the API server, which also
// serves the shell and the remotes from one origin. Signals are passed on so that the server
// can shut down with grace (and PGlite can checkpoint).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import list from '../contract/src/remotes.json' with { type: 'json' };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Each package and the file its build leaves behind; order matters (contract before api).
const builds = [
  ['contract', 'contract/dist/index.js'],
  ['api', 'api/dist/server.js'],
  ['shell', 'shell/dist/index.html'],
  ...list.remotes.map(({ dir }) => [dir, `${dir}/dist/mf-manifest.json`]),
];

for (const [workspace, marker] of builds) {
  if (existsSync(path.join(root, marker))) continue;
  console.log(`building ${workspace} ...`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`the build of ${workspace} failed; see above`);
    process.exit(result.status ?? 1);
  }
}

const server = spawn(process.execPath, [path.join(root, 'api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  // glibc gives each thread that allocates its own arena and keeps what is freed in it: libvips
  // decodes receipt images on its own threads, so hundreds of megabytes stayed with the server
  // after a few large images (twenty 24-megapixel JPEGs: RSS +326 MB by default, +132 MB with one
  // arena). And glibc raises its threshold for giving a block its own mapping each time such a
  // block is freed (up to 32 MB), so a decoder's large buffers then came from the arena and
  // stayed there, scattered: ten 12.8-megapixel WebP images one after another, +183 MB and kept,
  // against +88 MB and given back with the threshold held at its 128 KB. glibc reads these only
  // when a process starts, so they are given here; an operator's own values are kept.
  env: {
    ...process.env,
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '1',
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ || '131072',
    WEB_ROOT: process.env.WEB_ROOT || root,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
