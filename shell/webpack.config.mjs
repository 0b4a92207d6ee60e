// The shell (host). It knows no remote at build time: /remotes.json lists them at runtime.
// In development its dev server answers /remotes.json with the remotes' own dev servers.
import { fileURLToPath } from 'node:url';
import { createConfig, devPorts } from '../webpack/create-config.mjs';

const devRemotes = Object.fromEntries(
  ['people', 'entries', 'reports', 'settings'].map((name) => [
    name,
    process.env[`REMOTE_${name.toUpperCase()}_URL`] ||
      `http://localhost:${devPorts[name]}/mf-manifest.json`,
  ]),
);

export default createConfig({
  name: 'shell',
  dir: fileURLToPath(new URL('.', import.meta.url)),
  port: devPorts.shell,
  devRoutes: (app) => {
    app.get('/remotes.json', (_request, response) => {
      response.set('Cache-Control', 'no-cache').json(devRemotes);
    });
  },
});
