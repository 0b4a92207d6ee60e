import { setupDatabase, signInBoth, bearer } from './helpers.js';
const db = setupDatabase();
let setup: Awaited<typeof db>;
beforeAll(async () => {
  setup = await db;
}, 60000);
afterAll(async () => setup.close());
it('probe', async () => {
  const { app } = await setup.reset({ logger: { level: 'error' } } as never);
  const { admin } = await signInBoth(app);
  for (const n of [100, 1000, 5000]) {
    const r = await app.inject({
      method: 'PUT',
      url: '/api/clients/updateClient/1',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: `${'['.repeat(n)}${']'.repeat(n)}`,
    });
    console.log(n, r.statusCode, r.body);
    const r2 = await app.inject({
      method: 'PUT',
      url: '/api/clients/updateClient/1',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: `{"name":${'['.repeat(n)}${']'.repeat(n)}}`,
    });
    console.log(n, r2.statusCode, r2.body);
  }
}, 60000);
