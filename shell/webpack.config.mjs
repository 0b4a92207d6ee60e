// The shell (host). It knows no remote at build time: /remotes.json lists them at runtime.
// In development its dev server answers /remotes.json with the remotes' own dev servers (or the
// REMOTE_<NAME>_URL each one is pointed at), for every remote of contract/src/remotes.json.
import { fileURLToPath } from 'node:url';
import { createConfig, devPorts, remotes } from 'web-build/create-config';

const devRemotes = Object.fromEntries(
  remotes.map(({ name, port }) => [
    name,
    process.env[`REMOTE_${name.toUpperCase()}_URL`] || `http://localhost:${port}/mf-manifest.json`,
  ]),
);

export default createConfig({
  name: 'shell',
  dir: fileURLToPath(new URL('.', import.meta.url)),
  port: devPorts.shell,
  start: './src/start-entry.ts',
  devRoutes: (app) => {
    app.get('/remotes.json', (_request, response) => {
      response.set('Cache-Control', 'no-cache').json(devRemotes);
    });
  },
});
