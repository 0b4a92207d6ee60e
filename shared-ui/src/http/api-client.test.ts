import { endpoints } from 'contract/browser';
import { call, download, ApiError, errorMessage } from './api-client';
import { useSession } from '../session/session-store';
import { page } from '../notify/page';

const ADD_TYPE = { body: { expancetype: 'Rent' } };

function respond(status: number, body?: unknown, raw?: string) {
  const text = raw ?? (body === undefined ? '' : JSON.stringify(body));
  return jest.fn().mockResolvedValue({
    ok: status >= 200 && status < 300,
    status,
    text: () => Promise.resolve(text),
  });
}

describe('api client', () => {
  let reload: jest.SpyInstance;

  beforeEach(() => {
    window.sessionStorage.clear();
    useSession.setState({ token: null });
    reload = jest.spyOn(page, 'reload').mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  it('should send JSON to /api with the bearer token and return the parsed body', async () => {
    useSession.setState({ token: 'abc' });
    const fetchMock = respond(200, { message: 'ok' });
    global.fetch = fetchMock;

    await expect(call(endpoints.addExpenseType, ADD_TYPE)).resolves.toEqual({ message: 'ok' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/expance/addexpancetype');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ expancetype: 'Rent' }));
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer abc',
      'Content-Type': 'application/json',
    });
  });

  it("should add the caller's extra headers without letting them replace its own", async () => {
    useSession.setState({ token: 'abc' });
    const fetchMock = respond(201, { message: 'ok' });
    global.fetch = fetchMock;

    const body = { clientId: 1, amount: 1, Creditdebit: 'Credit' } as const;
    await call(
      endpoints.addIncome,
      { body },
      {
        headers: { 'Idempotency-Key': 'key-12345', Authorization: 'Bearer forged' },
      },
    );
    expect(fetchMock.mock.calls[0][1].headers).toMatchObject({
      'Idempotency-Key': 'key-12345',
      Authorization: 'Bearer abc',
      'Content-Type': 'application/json',
    });
  });

  it('should send no authorization header when signed out', async () => {
    const fetchMock = respond(200, {});
    global.fetch = fetchMock;
    await call(endpoints.getTotals);
    expect(fetchMock.mock.calls[0][1].headers.Authorization).toBeUndefined();
  });

  it('should fill path parameters and send the query, empty dates included', async () => {
    const fetchMock = respond(200, []);
    global.fetch = fetchMock;
    await call(endpoints.toggleExpenseTypeStatus, { params: { id: 4, currentStatus: 'On hold' } });
    await call(endpoints.getEmployeesVsSalary, { query: { startDate: '', endDate: '2026-11-30' } });
    expect(fetchMock.mock.calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      'PUT /api/expance/D_A_xpancetype/4/On%20hold',
      'GET /api/dashboard/getEmployeesVsSalary?startDate=&endDate=2026-11-30',
    ]);
  });

  it('should reject with the server message of a non-ok response', async () => {
    global.fetch = respond(409, { message: 'An expense type with this name already exists' });
    await expect(call(endpoints.addExpenseType, ADD_TYPE)).rejects.toEqual(
      new ApiError('An expense type with this name already exists', 409),
    );
  });

  it("should fall back to the endpoint's failure text when the server gives no message", async () => {
    global.fetch = respond(500, undefined, '<html>oops</html>');
    await expect(call(endpoints.addExpenseType, ADD_TYPE)).rejects.toThrow('Failed to add expense');
  });

  it("should reject with the endpoint's error text on a network failure", async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(call(endpoints.addExpenseType, ADD_TYPE)).rejects.toThrow('Error adding expense');
  });

  it('should reject with the error text when a success body is not JSON', async () => {
    global.fetch = respond(200, undefined, 'not json');
    await expect(call(endpoints.addExpenseType, ADD_TYPE)).rejects.toThrow('Error adding expense');
  });

  it('should sign out on a 401 of a signed-in call, leaving the call unsettled', async () => {
    window.sessionStorage.setItem('token', 'expired');
    window.sessionStorage.setItem('other', 'x');
    useSession.setState({ token: 'expired' });
    global.fetch = respond(401, { message: 'Your session has expired, please sign in again' });

    const settled = jest.fn();
    call(endpoints.addExpenseType, ADD_TYPE).then(settled, settled);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(window.sessionStorage.length).toBe(0);
    expect(useSession.getState().token).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
    // No error reaches the screen: it is being replaced by the login page.
    expect(settled).not.toHaveBeenCalled();
  });

  it('should not reload on a 401 without a token (a failed login)', async () => {
    global.fetch = respond(401, { message: 'Invalid credentials' });
    await expect(
      call(endpoints.login, { body: { email: 'a@b.co', password: 'x' } }),
    ).rejects.toThrow('Invalid credentials');
    expect(reload).not.toHaveBeenCalled();
  });

  it('should download a file with the bearer token and hand it to the browser', async () => {
    useSession.setState({ token: 'abc' });
    const blob = new Blob(['When,Who\r\n'], { type: 'text/csv' });
    const fetchMock = jest.fn().mockResolvedValue({ ok: true, status: 200, blob: () => blob });
    global.fetch = fetchMock;
    const createObjectURL = jest.fn(() => 'blob:activity');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {
      expect(document.querySelector('a[download="activity.csv"]')).not.toBeNull();
    });

    await download(endpoints.activityCsv, { query: { who: 1 } });

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/activity/csv?who=1');
    expect(init.method).toBe('GET');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer abc', Accept: 'text/csv' });
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('should reject a refused download with the server message and save nothing', async () => {
    useSession.setState({ token: 'abc' });
    global.fetch = respond(403, { message: 'Only admins can see activity and sessions' });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click');
    await expect(download(endpoints.activityCsv, { query: {} })).rejects.toEqual(
      new ApiError('Only admins can see activity and sessions', 403),
    );
    expect(click).not.toHaveBeenCalled();
  });

  it("should save a journal export under the endpoint's file name, or show its texts", async () => {
    const fetchMock = jest
      .fn()
      .mockResolvedValue({ ok: true, status: 200, blob: () => new Blob() });
    global.fetch = fetchMock;
    Object.assign(URL, {
      createObjectURL: jest.fn(() => 'blob:journal'),
      revokeObjectURL: jest.fn(),
    });
    const names: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    await download(endpoints.journalCsv, { query: { kind: 'income', q: 'rent' } });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/journal/csv?kind=income&q=rent');
    expect(names).toEqual(['journal.csv']);

    global.fetch = respond(500, undefined, '');
    await expect(download(endpoints.journalCsv, { query: {} })).rejects.toThrow(
      'Failed to download the CSV',
    );
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(download(endpoints.journalCsv, { query: {} })).rejects.toThrow(
      'Error downloading the CSV',
    );
  });

  it('should save a backup under its own name, asked for by that name', async () => {
    useSession.setState({ token: 'abc' });
    const fetchMock = jest.fn().mockResolvedValue({
      ok: true,
      status: 200,
      blob: () => new Blob([new Uint8Array([31, 139])]),
    });
    global.fetch = fetchMock;
    Object.assign(URL, {
      createObjectURL: jest.fn(() => 'blob:backup'),
      revokeObjectURL: jest.fn(),
    });
    const names: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const name = 'office-2026-11-24T03-00-00Z.backup';
    await download(endpoints.downloadBackup, { params: { name } }, { fileName: name });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(`/api/backups/${name}/download`);
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer abc',
      Accept: 'application/octet-stream',
    });
    expect(names).toEqual([name]);
  });

  it('should map unknown errors to the given fallback', () => {
    expect(errorMessage(new Error('boom'), 'Error fetching data')).toBe('Error fetching data');
    expect(errorMessage(new ApiError('Server said'), 'x')).toBe('Server said');
  });
});
