// The one-URL serving of the web apps, against fake builds in a temporary directory.
// Requests use app.inject, except the traversal test: it sends `..` over a raw socket so no
// client library resolves the segments before the server sees them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import zlib from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { rawGet } from './raw-http.js';
import { contentSecurityPolicy, remoteManifests, webPlugin } from '../src/web/static.js';

let webRoot: string;
const open: FastifyInstance[] = [];

function write(file: string, content: string): void {
  const full = path.join(webRoot, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
}

async function appWith(remoteUrls?: Record<string, string>): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  open.push(app);
  // Stands in for the real /api routes, registered before the web apps as in app.ts.
  app.get('/api/dashboard/totals', async () => ({ admins: 1, employees: 0, clients: 0 }));
  await app.register(webPlugin, { webRoot, remoteUrls });
  await app.ready();
  return app;
}

async function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

beforeEach(() => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'web-static-'));
  write('shell/dist/index.html', '<!doctype html><div id="root"></div>');
  write('shell/dist/main.js', 'console.log("shell")');
  write('shell/dist/123.abcdef12.js', 'console.log("chunk")'.repeat(200));
  write('mf-settings/dist/mf-manifest.json', '{"name":"settings"}');
  write('mf-settings/dist/remoteEntry.js', 'var settings;');
  write('mf-settings/dist/__federation_expose_SettingsPage.0badc0de.js', 'export {}');
  write('secret.txt', 'not for the web');
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((app) => app.close()));
  rmSync(webRoot, { recursive: true, force: true });
});

describe('web static serving', () => {
  it('serves the shell index at / with no-cache', async () => {
    const app = await appWith();
    const response = await get(app, '/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it.each(['/Users', '/Expances', '/settings', '/no/such/page'])(
    'answers the client-side route %s with the shell index (SPA fallback)',
    async (url) => {
      const app = await appWith();
      const response = await get(app, url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it("sends the build's precompressed copy of a file as it is, cached like the file", async () => {
    const chunk = 'console.log("chunk")'.repeat(200);
    const br = zlib.brotliCompressSync(chunk);
    writeFileSync(path.join(webRoot, 'shell/dist/123.abcdef12.js.br'), br);
    const gz = zlib.gzipSync('var settings;'.repeat(200));
    write('mf-settings/dist/remoteEntry.js', 'var settings;'.repeat(200));
    writeFileSync(path.join(webRoot, 'mf-settings/dist/remoteEntry.js.gz'), gz);
    const app = await appWith();

    const asset = await get(app, '/123.abcdef12.js', { 'accept-encoding': 'br, gzip' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.rawPayload.equals(br)).toBe(true);

    const entry = await get(app, '/remotes/mf-settings/remoteEntry.js', {
      'accept-encoding': 'gzip',
    });
    expect(entry.headers['content-encoding']).toBe('gzip');
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.rawPayload.equals(gz)).toBe(true);

    // Without a copy, or for a client that takes no encoding, the file itself.
    const plain = await get(app, '/123.abcdef12.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(chunk);
    const index = await get(app, '/', { 'accept-encoding': 'br' });
    expect(zlib.brotliDecompressSync(index.rawPayload).toString()).toContain('<div id="root">');

    // The copies are not files of their own: asked for by name, they are not found.
    for (const url of [
      '/123.abcdef12.js.br',
      '/123.abcdef12.js%2Ebr',
      '/remotes/mf-settings/remoteEntry.js.gz',
    ]) {
      const copy = await get(app, url, { 'accept-encoding': 'br, gzip' });
      expect({ url, status: copy.statusCode }).toEqual({ url, status: 404 });
      expect(copy.headers['content-type']).toMatch(/json/);
    }
  });

  it('answers unknown /api paths with a JSON 404, never the HTML', async () => {
    const app = await appWith();
    for (const url of ['/api/nothing', '/api']) {
      const response = await get(app, url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Not found' });
    }
    const known = await get(app, '/api/dashboard/totals');
    expect(known.json()).toEqual({ admins: 1, employees: 0, clients: 0 });
  });

  it.each([
    '/API/users/getUser',
    '/%61pi/users/getUser',
    '/Api/x',
    '/x/../api/x',
    '/api;x/y',
    '/%2561pi/x',
    '/REMOTES/mf-settings/x',
  ])(
    'answers %s, a spelling of an /api or /remotes path, with a JSON 404, never the HTML',
    async (url) => {
      const app = await appWith();
      const response = await get(app, url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Not found' });
    },
  );

  it('does not serve source maps, of the shell or of a remote', async () => {
    write('shell/dist/main.js.map', '{"sources":["src/secret.ts"]}');
    write('shell/dist/123.abcdef12.js.map', '{"sources":["src/secret.ts"]}');
    write('mf-settings/dist/remoteEntry.js.map', '{"sources":["src/secret.ts"]}');
    const app = await appWith();
    for (const url of [
      '/main.js.map',
      '/123.abcdef12.js.map',
      '/remotes/mf-settings/remoteEntry.js.map',
      '/MAIN.JS.MAP',
      '/main.js%2emap',
    ]) {
      const response = await get(app, url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.body).not.toContain('secret');
    }
  });

  it('gives hashed assets a long immutable cache and entry files no-cache', async () => {
    const app = await appWith();
    const hashed = await get(app, '/123.abcdef12.js');
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const main = await get(app, '/main.js');
    expect(main.headers['cache-control']).toBe('no-cache');
  });

  it('serves a remote build under /remotes/<dir>/ with the right cache headers', async () => {
    const app = await appWith();
    const manifest = await get(app, '/remotes/mf-settings/mf-manifest.json');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toEqual({ name: 'settings' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const entry = await get(app, '/remotes/mf-settings/remoteEntry.js');
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await get(
      app,
      '/remotes/mf-settings/__federation_expose_SettingsPage.0badc0de.js',
    );
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers missing files and unknown remotes with a JSON 404, never the HTML', async () => {
    const app = await appWith();
    for (const url of [
      '/remotes/mf-settings/missing.js',
      '/remotes/mf-people/remoteEntry.js',
      '/remotes/evil/remoteEntry.js',
      '/missing.abcdef12.js',
    ]) {
      const response = await get(app, url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.json()).toMatchObject({ message: 'Not found' });
    }
  });

  it('refuses path traversal out of a build', async () => {
    const app = await appWith();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    for (const url of [
      '/remotes/mf-settings/../../secret.txt',
      '/remotes/mf-settings/%2e%2e/%2e%2e/secret.txt',
      '/remotes/mf-settings/..%2f..%2fsecret.txt',
      '/remotes/..%2fsecret.txt/x',
      '/../secret.txt',
    ]) {
      const response = await rawGet(port, url);
      // send answers a `..` escape with 403; either way nothing outside the build is served.
      expect({ url, refused: [403, 404].includes(response.statusCode) }).toEqual({
        url,
        refused: true,
      });
      expect(response.body).not.toContain('not for the web');
      expect(response.body).not.toContain('<div id="root">');
    }
  });

  it('lists in /remotes.json only the remotes that are built, at their default URLs', async () => {
    const app = await appWith();
    const response = await get(app, '/remotes.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({ settings: '/remotes/mf-settings/mf-manifest.json' });
  });

  it('lists configured remote URLs even when no local build exists', async () => {
    const app = await appWith({ reports: 'https://cdn.example.com/reports/mf-manifest.json' });
    const response = await get(app, '/remotes.json');
    expect(response.json()).toEqual({
      reports: 'https://cdn.example.com/reports/mf-manifest.json',
      settings: '/remotes/mf-settings/mf-manifest.json',
    });
  });

  it('compresses large responses when the client accepts gzip', async () => {
    const app = await appWith();
    const response = await get(app, '/123.abcdef12.js', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});

describe('remoteManifests', () => {
  it('prefers a configured URL over the local build', () => {
    expect(remoteManifests(webRoot, { settings: 'https://x.example/s/mf-manifest.json' })).toEqual({
      settings: 'https://x.example/s/mf-manifest.json',
    });
  });
});

describe('contentSecurityPolicy', () => {
  it('admits only self when no remote is configured elsewhere', () => {
    const csp = contentSecurityPolicy({ settings: '/remotes/mf-settings/mf-manifest.json' });
    expect(csp.scriptSrc).toEqual(["'self'"]);
    expect(csp.connectSrc).toEqual(["'self'"]);
    expect(csp.styleSrc).toEqual(["'self'"]);
  });

  it('adds the origins of configured remote URLs to script, style and connect sources', () => {
    const csp = contentSecurityPolicy({
      reports: 'https://cdn.example.com/reports/mf-manifest.json',
      people: 'https://cdn.example.com/people/mf-manifest.json',
    });
    expect(csp.scriptSrc).toEqual(["'self'", 'https://cdn.example.com']);
    expect(csp.styleSrc).toEqual(["'self'", 'https://cdn.example.com']);
    expect(csp.connectSrc).toEqual(["'self'", 'https://cdn.example.com']);
  });
});
