// A remote host that does not answer: the screen leaves "Loading..." for its panel within 8 s,
// whichever of its files hangs, and a host that answers slowly but within that time still shows
// its screen. The real loader (federation.ts), the real RemoteScreen and the real federation
// runtime (the runtime core /federation-runtime.js puts on its global); only the network is a
// stand-in: fetch, and the remote's entry <script>, which jsdom never loads (a test "answers" it
// as a browser would: the entry's container on its global, then the script's load event).
import * as runtimeCore from '@module-federation/runtime-core';
import { act, screen } from '@testing-library/react';
import { render } from 'shared-ui/testing';
import { RemoteScreen } from '../RemoteScreen/RemoteScreen';
import type { RemoteRoute } from '../routes/route-table';
import { registered } from './remote-list';

// Health reports are health.test.ts's: here they are not sent.
jest.mock('./health', () => ({ reportHealth: jest.fn() }));

const never = () => new Promise<never>(() => undefined);

/** A network answer with a JSON body, as the loader and the runtime read it. */
class Answer {
  readonly ok = true;
  readonly status = 200;
  constructor(private readonly body: unknown) {}
  json = () => Promise.resolve(this.body);
  text = () => Promise.resolve(JSON.stringify(this.body));
}

/** A request that never answers, until its caller gives up on it (as a browser's fetch). */
function hang(signal?: AbortSignal | null): Promise<never> {
  return new Promise((_, reject) =>
    signal?.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    ),
  );
}

/** One remote's host (one per test): where its manifest is and what the manifest says. */
function host(remote: string, module: string) {
  const origin = `https://${remote}-${module.toLowerCase()}.example.test`;
  return {
    manifestUrl: `${origin}/mf-manifest.json`,
    entryUrl: `${origin}/remoteEntry.js`,
    manifest: {
      id: remote,
      name: remote,
      metaData: {
        name: remote,
        type: 'app',
        buildInfo: { buildVersion: '1.0.0', buildName: `mf-${remote}` },
        remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
        types: { path: '', name: '', zip: '', api: '' },
        globalName: remote,
        pluginVersion: '2.9.2',
        publicPath: 'auto',
      },
      shared: [],
      remotes: [],
      exposes: [
        {
          id: `${remote}:${module}`,
          name: module,
          assets: {
            js: { sync: [], async: [] },
            css: { sync: [], async: [] },
          },
          path: `./${module}`,
        },
      ],
    },
  };
}

type Host = ReturnType<typeof host>;

/**
 * The network: /remotes.json lists the remote (or hangs); its manifest answers after
 * `manifestDelayMs`, or never.
 */
function serve(remote: string, where: Host, network: { list?: 'hangs'; manifestDelayMs?: number }) {
  global.fetch = jest.fn((url: string, init?: RequestInit) => {
    if (url === '/remotes.json') {
      return network.list === 'hangs'
        ? hang(init?.signal)
        : Promise.resolve(new Answer({ [remote]: where.manifestUrl }));
    }
    if (url === where.manifestUrl && network.manifestDelayMs !== undefined) {
      return new Promise((resolve) =>
        setTimeout(() => resolve(new Answer(where.manifest)), network.manifestDelayMs),
      );
    }
    return hang(init?.signal);
  }) as unknown as typeof fetch;
}

/** The entry <script> the runtime added for `where`, once it is there. */
const entryScript = (where: Host) =>
  document.head.querySelector<HTMLScriptElement>(`script[src="${where.entryUrl}"]`);

/** Answers the entry script: its container goes on the global named after the remote, and loads. */
function answerEntry(where: Host, remote: string, get: (expose: string) => Promise<unknown>) {
  const script = entryScript(where);
  if (!script) throw new Error(`no entry script ${where.entryUrl} was added`);
  Object.assign(globalThis, { [remote]: { init: () => undefined, get } });
  script.dispatchEvent(new Event('load'));
}

const routeOf = (remote: string, module: string, label: string): RemoteRoute => ({
  path: `/${remote}`,
  label,
  remote,
  module,
  nav: 'main',
});

const hadResponse = 'Response' in globalThis;
beforeAll(() => {
  // The runtime checks that a fetch answered with a Response; jsdom has none.
  if (!hadResponse) Object.assign(globalThis, { Response: Answer });
  Object.assign(globalThis, { _FEDERATION_RUNTIME_CORE: runtimeCore });
});
afterAll(() => {
  if (!hadResponse) delete (globalThis as { Response?: unknown }).Response;
});
beforeEach(() => {
  jest.useFakeTimers();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  // As on a page just opened: no remote registered yet, no script added.
  registered.clear();
  document.head.replaceChildren();
});
afterEach(() => {
  for (const remote of ['people', 'entries', 'reports', 'settings']) {
    delete (globalThis as Record<string, unknown>)[remote];
  }
  jest.useRealTimers();
  jest.restoreAllMocks();
});

it('should show the unavailable panel within 8 s when /remotes.json does not answer', async () => {
  const where = host('people', 'UsersPage');
  serve('people', where, { list: 'hangs' });
  render(<RemoteScreen route={routeOf('people', 'UsersPage', 'Users')} />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  await act(() => jest.advanceTimersByTimeAsync(8_000));
  expect(screen.getByRole('alert')).toHaveTextContent('The Users screen is unavailable right now.');
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

it.each([
  ['its manifest', 'entries', 'manifest', "the remote's manifest could not be read"],
  ['its entry script', 'reports', 'entry', "the remote's entry script could not be loaded"],
  ['the screen’s code', 'settings', 'chunk', "the screen's code could not be loaded"],
] as const)(
  'should show the panel of a remote whose host does not answer for %s within 8 s',
  async (_, remote, stage, text) => {
    const module = 'HangingPage';
    const where = host(remote, module);
    serve(remote, where, { manifestDelayMs: stage === 'manifest' ? undefined : 0 });
    render(<RemoteScreen route={routeOf(remote, module, 'Hanging')} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    if (stage === 'chunk') {
      // The entry runs; the screen's code it then fetches never comes.
      await act(() => jest.advanceTimersByTimeAsync(100));
      answerEntry(where, remote, never);
    }
    await act(() => jest.advanceTimersByTimeAsync(8_000));
    const panel = screen.getByRole('alert');
    expect(panel).toHaveTextContent('The Hanging screen could not be loaded.');
    expect(panel).toHaveTextContent(`Failed stage: ${stage} (${text}`);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
);

it('should ask the host again on Retry after its entry script hung, and show the screen', async () => {
  const where = host('reports', 'BackPage');
  serve('reports', where, { manifestDelayMs: 0 });
  render(<RemoteScreen route={routeOf('reports', 'BackPage', 'Back')} />);
  await act(() => jest.advanceTimersByTimeAsync(100));
  const hung = entryScript(where);
  expect(hung).not.toBeNull();
  await act(() => jest.advanceTimersByTimeAsync(8_000));
  expect(screen.getByRole('alert')).toHaveTextContent('Failed stage: entry');
  // The host answers again, but never the request that hung: Retry must make a new one.
  await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
  await act(() => jest.advanceTimersByTimeAsync(100));
  const again = entryScript(where);
  expect(again).not.toBeNull();
  expect(again).not.toBe(hung);
  answerEntry(where, 'reports', () =>
    Promise.resolve(() => ({ BackPage: () => <h1>Back again</h1> })),
  );
  await act(() => jest.advanceTimersByTimeAsync(100));
  expect(screen.getByRole('heading', { name: 'Back again' })).toBeInTheDocument();
});

it('should show the screen of a host that answers slowly within the time limit', async () => {
  const where = host('reports', 'SlowPage');
  // Each read of the manifest (the shell's check, then the runtime's) takes 2 s.
  serve('reports', where, { manifestDelayMs: 2_000 });
  render(<RemoteScreen route={routeOf('reports', 'SlowPage', 'Slow')} />);
  await act(() => jest.advanceTimersByTimeAsync(4_100));
  expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  // The entry script answers 2.5 s after it was asked for, 6.6 s after the click.
  await act(() => jest.advanceTimersByTimeAsync(2_500));
  expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  answerEntry(where, 'reports', () =>
    Promise.resolve(() => ({ SlowPage: () => <h1>Slow report</h1> })),
  );
  await act(() => jest.advanceTimersByTimeAsync(2_000));
  expect(screen.getByRole('heading', { name: 'Slow report' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
