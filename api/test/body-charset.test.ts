// A body is read as UTF-8 JSON and as nothing else: a body declared in another charset is
// refused with 415, bytes that are not UTF-8 with 400, and neither stores anything (a letter
// decoded wrongly would be stored as U+FFFD in an entry that cannot be corrected in place).
import { apiMessages } from 'contract';
import { bearer, rows, setupDatabase, signInBoth, type TestContext } from './helpers.js';

const setup = setupDatabase();
let db: Awaited<typeof setup>;
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  db = await setup;
  ctx = await db.reset();
  ({ admin } = await signInBoth(ctx.app));
});
afterAll(async () => db.close());

const send = (url: string, body: Buffer, contentType: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(admin), 'content-type': contentType },
    payload: body,
  });

const clientBody = (name: string) =>
  JSON.stringify({ name, email: `${Date.now()}@example.com`, companyName: 'Cafe Ltd' });

const clients = () => rows<{ name: string }>(ctx, 'SELECT name FROM clients ORDER BY id');

describe('the charset of a JSON body', () => {
  it('refuses a Latin-1 body declared as iso-8859-1 with 415 and stores nothing', async () => {
    const before = await clients();
    const response = await send(
      '/api/clients/addClient',
      Buffer.from(clientBody('Café Latin'), 'latin1'),
      'application/json; charset=iso-8859-1',
    );
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ message: apiMessages.bodyNotUtf8 });
    expect(await clients()).toEqual(before);
  });

  it.each(['utf-16', 'windows-1252', 'us-ascii'])(
    'refuses charset=%s with 415 even when the bytes would read as UTF-8',
    async (charset) => {
      const before = await clients();
      const response = await send(
        '/api/clients/addClient',
        Buffer.from(clientBody('Plain'), 'utf8'),
        `application/json; charset=${charset}`,
      );
      expect(response.statusCode).toBe(415);
      expect(await clients()).toEqual(before);
    },
  );

  it('refuses bytes that are not UTF-8 with 400 and stores nothing', async () => {
    const entries = async () => (await rows(ctx, 'SELECT id FROM entries')).length;
    const beforeClients = await clients();
    const beforeEntries = await entries();
    const latin1 = await send(
      '/api/clients/addClient',
      Buffer.from(clientBody('Café Bytes'), 'latin1'),
      'application/json',
    );
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json()).toMatchObject({ message: apiMessages.bodyInvalidUtf8 });

    // A lone continuation byte and an overlong encoding inside an entry's description.
    for (const bad of [Buffer.from([0x80]), Buffer.from([0xc0, 0xae])]) {
      const body = Buffer.concat([
        Buffer.from('{"expanceTypeId":1,"amount":5,"Creditdebit":"Credit","description":"a'),
        bad,
        Buffer.from('"}'),
      ]);
      const response = await send('/api/expance/addexpance', body, 'application/json');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: apiMessages.bodyInvalidUtf8 });
    }
    expect(await clients()).toEqual(beforeClients);
    expect(await entries()).toBe(beforeEntries);
  });

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=UTF-8',
    'application/json; charset="UTF-8"',
    'application/json;charset=utf8',
    'Application/JSON; Charset=Utf-8',
  ])('takes a UTF-8 body sent as %s and stores its letters as sent', async (contentType) => {
    const name = `Café ${contentType.length}${contentType.charCodeAt(0)}`;
    const response = await send(
      '/api/clients/addClient',
      Buffer.from(clientBody(name), 'utf8'),
      contentType,
    );
    expect(response.statusCode).toBe(201);
    expect((await clients()).map((client) => client.name)).toContain(name);
  });
});
