// The development server of an app (`npm run dev`): its port, the API it proxies `/api` to, and
// where the federation runtime provider of a development build is written and served from.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `npm run dev` at the root runs every app and the API at once (the root script sets
 * DEV_WHOLE_SYSTEM): PORT is then the API's port, and each app keeps its port from the list.
 * `npm run dev -w <app>` alone serves the app on PORT when it is given.
 */
const wholeSystem = process.env.DEV_WHOLE_SYSTEM === '1';

/** The dev server's port: PORT for an app run alone, else the app's port in the list. */
export function devPortOf(listed, env = process.env) {
  if (env.DEV_WHOLE_SYSTEM === '1' || !env.PORT) return listed;
  const port = Number(env.PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`PORT must be a number from 1 to 65535, not "${env.PORT}"`);
  }
  return port;
}

/**
 * Where the API runs in development; every dev server proxies `/api` there: API_URL, else the
 * API's own default (port 8080, or PORT when the whole system runs with it).
 */
const apiTarget =
  process.env.API_URL ||
  `http://localhost:${wholeSystem && process.env.PORT ? process.env.PORT : 8080}`;

/** Where a development build writes an app's runtime provider (never into its dist/). */
export const devRuntimeDir = (name) =>
  path.join(root, 'node_modules', '.cache', 'web-build-dev', name);

/**
 * The `devServer` options of the app `name` (its port in the list, `devRoutes` its own routes).
 * `hot`: a saved edit is applied in the running page (hot module replacement, with React Fast
 * Refresh, fast-refresh.mjs), which reloads only for an edit that cannot be applied in place (of
 * the entry, say); without it, the page reloads on every rebuild (live reload).
 */
export function devServerOptions({ name, port, devRoutes, hot = false }) {
  return {
    port: devPortOf(port),
    host: 'localhost',
    hot,
    liveReload: !hot,
    historyApiFallback: true,
    // The shell on another port fetches this remote's manifest and chunks.
    headers: { 'Access-Control-Allow-Origin': '*' },
    proxy: [{ context: ['/api'], target: apiTarget, changeOrigin: true }],
    setupMiddlewares: (middlewares, server) => {
      if (devRoutes) devRoutes(server.app);
      return middlewares;
    },
    client: { overlay: { warnings: false, errors: true } },
    // The runtime provider is built outside the dev server (createConfig); its file is served
    // from its folder.
    static: [{ directory: devRuntimeDir(name), publicPath: '/', watch: false }],
  };
}
