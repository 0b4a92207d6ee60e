import { useSession } from 'shared-ui';
import { HEALTH_FLUSH_MS, flushHealth, reportHealth } from './health';

/** The load (one answer of /remotes.json) the versions came with. */
const LOAD = '6f1c2a9e-3b7d-4e25-9a51-0c8d7e6f5a41';
const OTHER_LOAD = '0b8f6d1c-2a3e-4f50-8d7c-1e2f3a4b5c6d';

let sent: { url: string; init: RequestInit }[];
let status: number;
beforeEach(() => {
  sent = [];
  status = 200;
  global.fetch = jest.fn((url: string, init: RequestInit) => {
    sent.push({ url, init });
    return Promise.resolve({ ok: status === 200, status });
  }) as unknown as typeof fetch;
  useSession.setState({ token: 'tok' });
});
afterEach(() => jest.useRealTimers());

const bodies = () => sent.map(({ init }) => JSON.parse(String(init.body)) as unknown);

describe('health reports', () => {
  it('gathers events with the load they belong to, folds repeats of one load into a count and sends them once, in the background', async () => {
    jest.useFakeTimers();
    reportHealth('reports', { version: '0123456789ab', load: LOAD }, 'loaded');
    reportHealth('reports', { version: '0123456789ab', load: LOAD }, 'loaded');
    reportHealth('reports', { version: '0123456789ab', load: LOAD }, 'failed', 'chunk');
    reportHealth('reports', { version: '0123456789ab', load: OTHER_LOAD }, 'loaded');
    reportHealth('people', { version: 'unversioned' }, 'render_error');
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(HEALTH_FLUSH_MS);
    await Promise.resolve();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/remote-health');
    expect(sent[0]!.init).toMatchObject({
      method: 'POST',
      keepalive: true,
      headers: { Authorization: 'Bearer tok' },
    });
    expect(bodies()).toEqual([
      {
        events: [
          { remote: 'reports', version: '0123456789ab', event: 'loaded', load: LOAD, count: 2 },
          {
            remote: 'reports',
            version: '0123456789ab',
            event: 'failed',
            stage: 'chunk',
            load: LOAD,
          },
          { remote: 'reports', version: '0123456789ab', event: 'loaded', load: OTHER_LOAD },
          { remote: 'people', version: 'unversioned', event: 'render_error' },
        ],
      },
    ]);
  });

  it('sends nothing signed out, and stops for a while once the server refuses', async () => {
    useSession.setState({ token: null });
    reportHealth('reports', { version: '0123456789ab', load: LOAD }, 'loaded');
    await flushHealth();
    expect(sent).toEqual([]);

    useSession.setState({ token: 'tok' });
    status = 403;
    reportHealth('reports', { version: '0123456789ab', load: LOAD }, 'loaded');
    await flushHealth();
    expect(sent).toHaveLength(1);
    reportHealth('reports', { version: '0123456789ab', load: LOAD }, 'loaded');
    await flushHealth();
    expect(sent).toHaveLength(1);
  });

  it('never throws when the report cannot be sent', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('offline'));
    reportHealth('reports', { version: '0123456789ab', load: LOAD }, 'loaded');
    await expect(flushHealth()).resolves.toBeUndefined();
  });
});
