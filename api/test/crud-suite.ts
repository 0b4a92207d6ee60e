// The cases every list/add/update/delete resource must pass (employees, clients, expense
// types): answers, stored rows, audit rows, validation, 401/404/400/409. Each test file calls
// `crudSuite` with its resource and adds the cases that are its own.
import { ADMIN, bearer, login, rows, signInBoth, type TestContext } from './helpers.js';

type Payload = Record<string, unknown>;

export interface CrudSuite {
  /** e.g. '/api/employees' */
  base: string;
  paths: { list: string; add: string; update: string; remove: string };
  table: string;
  entity: string;
  /** A valid body with spaces around its texts, what the API answers for it, and the stored row. */
  add: { payload: Payload; record: Payload; stored: Payload };
  /** A second valid body for updates, what the API answers for it, and the stored row. */
  change: { payload: Payload; record: Payload; stored: Payload };
  /** Bodies the API refuses, with the message that names the field. */
  invalid: [string, Payload, string][];
  messages: { added: string; updated: string; deleted: string; notFound: string; inUse: string };
  /** SQL that records an entry against the record with id 1. */
  entrySql: string;
}

export function crudSuite(getCtx: () => TestContext, suite: CrudSuite): void {
  const { base, paths, table, entity, messages } = suite;
  const url = (path: string, id?: number | string) =>
    `${base}${path}${id === undefined ? '' : `/${id}`}`;

  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: Payload,
    token?: string,
  ) => {
    const { app } = getCtx();
    return app.inject({
      method,
      url: path,
      headers: bearer(token ?? (await login(app, ADMIN))),
      ...(payload ? { payload } : {}),
    });
  };
  const addOne = async (token?: string) => {
    const response = await call('POST', url(paths.add), suite.add.payload, token);
    expect(response.statusCode).toBe(201);
    return response.json<{ user: { id: number } }>().user;
  };
  const stored = () => rows(getCtx(), `SELECT * FROM ${table} ORDER BY id`);
  const audits = () =>
    rows(
      getCtx(),
      `SELECT actor_id, action, entity, entity_id, before, after FROM audit_log WHERE entity = '${entity}' ORDER BY id`,
    );

  describe(`${base}: list`, () => {
    it('answers an empty list, then every record in id order', async () => {
      const empty = await call('GET', url(paths.list));
      expect(empty.statusCode).toBe(200);
      expect(empty.json().users).toEqual([]);
      await addOne();
      await call('POST', url(paths.add), suite.change.payload);
      const full = await call('GET', url(paths.list));
      expect(full.statusCode).toBe(200);
      expect(full.json().users).toEqual([
        { id: 1, ...suite.add.record },
        { id: 2, ...suite.change.record },
      ]);
    });
  });

  describe(`${base}: add`, () => {
    it('stores the trimmed record, answers 201 with it and audits the creation', async () => {
      const response = await call('POST', url(paths.add), suite.add.payload);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        message: messages.added,
        user: { id: 1, ...suite.add.record },
      });
      expect(await stored()).toEqual([expect.objectContaining({ id: 1, ...suite.add.stored })]);
      expect(await audits()).toEqual([
        {
          actor_id: 1,
          action: 'create',
          entity,
          entity_id: '1',
          before: null,
          after: { id: 1, ...suite.add.record },
        },
      ]);
    });

    it.each(suite.invalid)(
      'refuses %s with 400 and stores nothing',
      async (_case, payload, message) => {
        const response = await call('POST', url(paths.add), payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ message });
        expect(await stored()).toEqual([]);
        expect(await audits()).toEqual([]);
      },
    );

    it('refuses unknown fields, naming one, and stores nothing', async () => {
      const response = await call('POST', url(paths.add), {
        ...suite.add.payload,
        id: 99,
        created_at: '2000-01-01',
        role: 'admin',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^(id|created_at|role) is not an accepted field$/);
      expect(await stored()).toEqual([]);
      expect(await audits()).toEqual([]);
    });
  });

  describe(`${base}: update`, () => {
    it('changes the record, answers it and audits before and after', async () => {
      await addOne();
      const response = await call('PUT', url(paths.update, 1), suite.change.payload);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: messages.updated,
        user: { id: 1, ...suite.change.record },
      });
      expect(await stored()).toEqual([expect.objectContaining({ id: 1, ...suite.change.stored })]);
      const listed = await call('GET', url(paths.list));
      expect(listed.json().users).toEqual([{ id: 1, ...suite.change.record }]);
      expect((await audits())[1]).toEqual({
        actor_id: 1,
        action: 'update',
        entity,
        entity_id: '1',
        before: { id: 1, ...suite.add.record },
        after: { id: 1, ...suite.change.record },
      });
    });

    it.each(suite.invalid)(
      'refuses %s with 400 and changes nothing',
      async (_case, payload, message) => {
        await addOne();
        const response = await call('PUT', url(paths.update, 1), payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ message });
        expect(await stored()).toEqual([expect.objectContaining({ id: 1, ...suite.add.stored })]);
        expect(await audits()).toHaveLength(1);
      },
    );

    it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
      const missing = await call('PUT', url(paths.update, 999), suite.change.payload);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: messages.notFound });
      const bad = await call('PUT', url(paths.update, 'abc'), suite.change.payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('id must be an integer');
      expect(await stored()).toEqual([]);
    });
  });

  describe(`${base}: delete`, () => {
    it('deletes the record and audits what it was', async () => {
      await addOne();
      const response = await call('DELETE', url(paths.remove, 1));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ message: messages.deleted });
      expect(await stored()).toEqual([]);
      expect((await audits())[1]).toEqual({
        actor_id: 1,
        action: 'delete',
        entity,
        entity_id: '1',
        before: { id: 1, ...suite.add.record },
        after: null,
      });
    });

    it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
      const missing = await call('DELETE', url(paths.remove, 999));
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: messages.notFound });
      const bad = await call('DELETE', url(paths.remove, 'abc'));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('id must be an integer');
    });

    it('answers 409 and keeps a record that has entries', async () => {
      await addOne();
      await rows(getCtx(), suite.entrySql);
      const response = await call('DELETE', url(paths.remove, 1));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ message: messages.inUse });
      expect(await stored()).toHaveLength(1);
      expect((await audits()).map((row) => row.action)).toEqual(['create']);
    });
  });

  describe(`${base}: access`, () => {
    it.each([
      ['GET', paths.list, undefined],
      ['POST', paths.add, suite.add.payload],
      ['PUT', `${paths.update}/1`, suite.change.payload],
      ['DELETE', `${paths.remove}/1`, undefined],
    ] as const)('answers 401 to %s %s without a token', async (method, path, payload) => {
      const response = await getCtx().app.inject({
        method,
        url: `${base}${path}`,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: 'Please sign in to continue' });
      expect(await stored()).toEqual([]);
    });

    it('lets staff add, change and delete, audited as themselves', async () => {
      const { staff } = await signInBoth(getCtx().app);
      await addOne(staff);
      expect(
        (await call('PUT', url(paths.update, 1), suite.change.payload, staff)).statusCode,
      ).toBe(200);
      expect((await call('DELETE', url(paths.remove, 1), undefined, staff)).statusCode).toBe(200);
      expect((await audits()).map((row) => [row.actor_id, row.action])).toEqual([
        [2, 'create'],
        [2, 'update'],
        [2, 'delete'],
      ]);
    });
  });
}
