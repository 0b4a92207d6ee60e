import { useSession } from 'shared-ui';
import { HEALTH_FLUSH_MS, flushHealth, reportHealth } from './health';

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
  it('gathers events, folds repeats into a count and sends them once, in the background', async () => {
    jest.useFakeTimers();
    reportHealth('reports', '0123456789ab', 'loaded');
    reportHealth('reports', '0123456789ab', 'loaded');
    reportHealth('reports', '0123456789ab', 'failed', 'chunk');
    reportHealth('people', 'unversioned', 'render_error');
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
          { remote: 'reports', version: '0123456789ab', event: 'loaded', count: 2 },
          { remote: 'reports', version: '0123456789ab', event: 'failed', stage: 'chunk' },
          { remote: 'people', version: 'unversioned', event: 'render_error' },
        ],
      },
    ]);
  });

  it('sends nothing signed out, and stops for a while once the server refuses', async () => {
    useSession.setState({ token: null });
    reportHealth('reports', '0123456789ab', 'loaded');
    await flushHealth();
    expect(sent).toEqual([]);

    useSession.setState({ token: 'tok' });
    status = 403;
    reportHealth('reports', '0123456789ab', 'loaded');
    await flushHealth();
    expect(sent).toHaveLength(1);
    reportHealth('reports', '0123456789ab', 'loaded');
    await flushHealth();
    expect(sent).toHaveLength(1);
  });

  it('never throws when the report cannot be sent', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('offline'));
    reportHealth('reports', '0123456789ab', 'loaded');
    await expect(flushHealth()).resolves.toBeUndefined();
  });
});
