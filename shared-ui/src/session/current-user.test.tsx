import { screen } from '@testing-library/react';
import { failWith, mockCurrentUser, renderSettled } from '../testing';
import { useCanWrite, useCurrentUser } from './current-user';
import { useSession } from './session-store';

function Who({ label }: { label: string }) {
  const { user, settled } = useCurrentUser();
  const canWrite = useCanWrite();
  return (
    <p>
      {`${label}: ${settled ? (user?.role ?? 'unknown') : 'asking'}, ` +
        `writes ${canWrite === undefined ? '?' : String(canWrite)}`}
    </p>
  );
}

beforeEach(() => useSession.setState({ token: 'test-token' }));

describe('useCurrentUser and useCanWrite', () => {
  it('should ask the server once however many screens want to know', async () => {
    const current = mockCurrentUser('staff');
    await renderSettled(
      <>
        <Who label="sidebar" />
        <Who label="screen" />
      </>,
    );
    expect(await screen.findByText('sidebar: staff, writes true')).toBeInTheDocument();
    expect(screen.getByText('screen: staff, writes true')).toBeInTheDocument();
    expect(current.calls).toHaveLength(1);
  });

  it('should say a viewer writes nothing', async () => {
    mockCurrentUser('viewer');
    await renderSettled(<Who label="screen" />);
    expect(await screen.findByText('screen: viewer, writes false')).toBeInTheDocument();
  });

  it('should not know before the server answers', async () => {
    const current = mockCurrentUser('viewer');
    current.answer(new Promise(() => undefined));
    await renderSettled(<Who label="screen" />);
    expect(screen.getByText('screen: asking, writes ?')).toBeInTheDocument();
  });

  it('should leave writes to the server when it cannot tell who is signed in', async () => {
    mockCurrentUser().answer(failWith(500));
    await renderSettled(<Who label="screen" />);
    expect(await screen.findByText('screen: unknown, writes true')).toBeInTheDocument();
  });

  it('should ask nothing when nobody is signed in', async () => {
    useSession.setState({ token: null });
    await renderSettled(<Who label="screen" />);
    expect(screen.getByText('screen: asking, writes ?')).toBeInTheDocument();
  });
});
