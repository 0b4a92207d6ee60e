import {
  endpointPath,
  endpoints,
  errorStatuses,
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
    expect(errorStatuses(endpoints.updateUser)).toEqual([400, 401, 403, 404, 409, 413]);
    expect(errorStatuses(endpoints.getTotals)).toEqual([401]);
    expect(errorStatuses(endpoints.login)).toEqual([400, 401, 413, 429]);
  });
});
