// A remote host that does not answer: the screen leaves "Loading..." for its panel within 8 s,
// whichever of its files hangs. The real loader (federation.ts) and the real RemoteScreen; only
// the network (fetch) and the federation runtime's loading of the entry are stand-ins.
import { act, screen } from '@testing-library/react';
import { render } from 'shared-ui/testing';
import { RemoteScreen } from '../RemoteScreen/RemoteScreen';
import type { RemoteRoute } from '../routes/route-table';

// Health reports are health.test.ts's: here they are not sent.
jest.mock('./health', () => ({ reportHealth: jest.fn() }));

const ROUTE: RemoteRoute = {
  path: '/income',
  label: 'Income',
  remote: 'reports',
  module: 'IncomeReportPage',
  nav: 'main',
};
const MANIFEST = 'https://reports.example.test/mf-manifest.json';
const never = () => new Promise<never>(() => undefined);

/** The federation runtime as /federation-runtime.js provides it; its loads never finish. */
function runtimeThatHangs() {
  return {
    ModuleFederation: class {
      loadRemote = never;
      registerRemotes = () => undefined;
    },
    setGlobalFederationInstance: () => undefined,
  };
}

beforeEach(() => {
  jest.useFakeTimers();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  Object.assign(globalThis, { _FEDERATION_RUNTIME_CORE: runtimeThatHangs() });
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

it.each([
  ['its manifest', 'manifest', "the remote's manifest could not be read"],
  ['its entry', 'entry', "the remote's entry script could not be loaded"],
] as const)(
  'should show the panel of a remote whose host does not answer for %s within 8 s',
  async (_, stage, text) => {
    global.fetch = jest.fn((url: string) =>
      url === '/remotes.json'
        ? Promise.resolve({
            ok: true,
            status: 200,
            json: () => Promise.resolve({ reports: MANIFEST }),
          })
        : stage === 'manifest'
          ? never()
          : Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve({}) }),
    ) as unknown as typeof fetch;
    render(<RemoteScreen route={ROUTE} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await act(() => jest.advanceTimersByTimeAsync(8_000));
    const panel = screen.getByRole('alert');
    expect(panel).toHaveTextContent('The Income screen could not be loaded.');
    expect(panel).toHaveTextContent(`Failed stage: ${stage} (${text}`);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
);
