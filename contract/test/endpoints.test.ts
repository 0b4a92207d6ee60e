import {
  apiMessages,
  canWrite,
  endpointPath,
  endpoints,
  errorCode,
  errorCodes,
  errorStatuses,
  messages,
  isWrite,
  queryString,
  type Endpoint,
} from '../src/index.js';

const all = Object.entries(endpoints) as Array<[string, Endpoint]>;

describe('the endpoint list', () => {
  it('names each method and path once', () => {
    const keys = all.map(([, endpoint]) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declares every path parameter in its params schema, and no other', () => {
    for (const [name, endpoint] of all) {
      const inPath = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
      const declared = Object.keys(endpoint.params?.properties ?? {}).sort();
      expect({ name, params: inPath }).toEqual({ name, params: declared });
    }
  });

  it('gives every call the two catalogue texts a screen shows', () => {
    for (const [, endpoint] of all) {
      expect(endpoint.texts.failure).not.toBe('');
      expect(endpoint.texts.error).not.toBe('');
    }
    expect(endpoints.addIncome.texts).toEqual({
      failure: 'Failed to add income',
      error: 'Error submitting income',
    });
  });

  it('gives an own 403 text only to admins-only calls, and a file only to a GET answering 200', () => {
    for (const [name, endpoint] of all) {
      // (or to the calls of admins and viewers: the activity an outside accountant reads)
      if (endpoint.adminsOnly !== undefined)
        expect({ name, access: endpoint.access }).toEqual({
          name,
          access: endpoint.access === 'audit' ? 'audit' : 'admin',
        });
      if (endpoint.file)
        expect({
          name,
          method: endpoint.method,
          statuses: Object.keys(endpoint.responses),
        }).toEqual({ name, method: 'GET', statuses: ['200'] });
    }
    expect(endpoints.moveBooksClosed.adminsOnly).toBe(
      'Only admins can move the books closed through date',
    );
    expect(endpoints.listSessions.adminsOnly).toBe('Only admins can see activity and sessions');
    expect(errorStatuses(endpoints.getBooksClosed)).toEqual([401]);
    expect(errorStatuses(endpoints.moveBooksClosed)).toEqual([400, 401, 403, 413, 415]);
    expect(endpoints.journalCsv.file).toEqual({ mediaType: 'text/csv', fileName: 'journal.csv' });
  });

  it('keeps the spec spellings of the paths', () => {
    expect(endpoints.addSalary.path).toBe('/expance/addsalery');
    expect(endpoints.toggleExpenseTypeStatus.path).toBe(
      '/expance/D_A_xpancetype/:id/:currentStatus',
    );
  });
});

describe('endpointPath and queryString', () => {
  it('fill path parameters, encoded', () => {
    expect(
      endpointPath(endpoints.toggleExpenseTypeStatus, { id: 3, currentStatus: 'On hold' }),
    ).toBe('/expance/D_A_xpancetype/3/On%20hold');
    expect(() => endpointPath(endpoints.deleteUser, {})).toThrow('missing path parameter id');
  });

  it('send empty strings as they stand and leave out undefined values', () => {
    expect(queryString({ startDate: '', endDate: '2026-11-30', year: undefined })).toBe(
      '?startDate=&endDate=2026-11-30',
    );
    expect(queryString({})).toBe('');
    expect(queryString(undefined)).toBe('');
  });
});

describe('errorStatuses', () => {
  it('adds the statuses that come with the kind of call', () => {
    expect(errorStatuses(endpoints.updateUser)).toEqual([400, 401, 403, 404, 409, 413, 414, 415]);
    expect(errorStatuses(endpoints.getTotals)).toEqual([401]);
    expect(errorStatuses(endpoints.login)).toEqual([400, 401, 413, 415, 429]);
  });

  it('names the 403 a read-only user gets on every write, and on no own-account call', () => {
    expect(errorStatuses(endpoints.addIncome)).toEqual([400, 401, 403, 404, 409, 413, 415]);
    expect(errorStatuses(endpoints.deleteClient)).toEqual([400, 401, 403, 404, 409, 414]);
    expect(errorStatuses(endpoints.logout)).toEqual([401]);
    expect(errorStatuses(endpoints.endOtherSessions)).toEqual([401]);
  });
});

describe('isWrite', () => {
  it("holds for every signed-in call but a GET or one on the caller's own account", () => {
    const writes = all.filter(([, endpoint]) => isWrite(endpoint)).map(([name]) => name);
    expect(writes).toEqual(
      expect.arrayContaining(['registerUser', 'addIncome', 'reverseEntry', 'moveBooksClosed']),
    );
    for (const name of ['login', 'logout', 'endOtherSessions', 'listJournal', 'journalCsv'])
      expect(writes).not.toContain(name);
    for (const [name, endpoint] of all)
      if (endpoint.method !== 'GET' && endpoint.access !== 'public' && !endpoint.ownAccount)
        expect({ name, write: isWrite(endpoint) }).toEqual({ name, write: true });
  });

  it("marks as own-account only calls on the caller's own session or account", () => {
    const own = all.filter(([, endpoint]) => endpoint.ownAccount).map(([name]) => name);
    expect(own).toEqual(expect.arrayContaining(['logout', 'endOtherSessions']));
    for (const [name, endpoint] of all)
      if (endpoint.ownAccount)
        expect({ name, access: endpoint.access }).toEqual({ name, access: 'signedIn' });
  });

  it('leaves writes to every role but viewer', () => {
    expect(canWrite('admin')).toBe(true);
    expect(canWrite('staff')).toBe(true);
    expect(canWrite('viewer')).toBe(false);
  });
});

describe('errorCode', () => {
  it("gives a catalogue message its key's code, and any other refusal its status's", () => {
    expect(errorCode(401, apiMessages.sessionExpired)).toBe('session_expired');
    expect(errorCode(401, messages.invalidCredentials)).toBe('invalid_credentials');
    expect(errorCode(400, `${apiMessages.periodClosed} 2026-01-31`)).toBe('period_closed');
    expect(errorCode(400, 'name is required')).toBe('invalid_input');
    expect(errorCode(415, 'Unsupported Media Type')).toBe('unsupported_media_type');
    expect(errorCode(502, 'Bad Gateway')).toBe('internal_error');
  });

  it('lists every code once, and no two catalogue texts share one', () => {
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
    for (const code of errorCodes) expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
    for (const [key, text] of Object.entries(apiMessages))
      expect([key, errorCode(400, text)]).toEqual([
        key,
        key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      ]);
  });
});
