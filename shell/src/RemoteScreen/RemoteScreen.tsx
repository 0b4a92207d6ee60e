import { Component, Suspense, lazy, useMemo, useState } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { Button, LoadingScreen } from 'shared-ui';
import {
  RemoteIncompatibleError,
  RemoteLoadError,
  RemoteUnavailableError,
  loadRemoteComponent,
  remoteServed,
  type LoadStage,
} from '../federation/federation';
import { reportHealth } from '../federation/health';
import { REMOTE_TITLES, type RemoteRoute } from '../routes/route-table';
import './RemoteScreen.css';

export interface RemoteScreenProps {
  route: RemoteRoute;
}

/**
 * One screen served by a remote. Loading, a remote that is not deployed, one built against an
 * incompatible library, one that fails to load (after its automatic second try) and a screen that
 * throws while rendering all stay inside the content area; the sidebar and every other screen keep
 * working. Retry builds a new lazy component, because React.lazy caches a rejected import for the
 * life of the component.
 */
export function RemoteScreen({ route }: RemoteScreenProps) {
  const [attempt, setAttempt] = useState(0);
  const Screen = useMemo(
    () =>
      lazy(async () => {
        try {
          const component = await loadRemoteComponent(route.remote, route.module, attempt > 0);
          reportHealth(route.remote, remoteServed(route.remote), 'loaded');
          return { default: component };
        } catch (error) {
          reportLoadFailure(route.remote, error);
          throw error;
        }
      }),
    [route.remote, route.module, attempt],
  );
  return (
    <RemoteErrorBoundary key={attempt} route={route} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<LoadingScreen />}>
        <Screen />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/** A failed load in the health reports: its stage, or a refusal for the files' bytes. */
function reportLoadFailure(remote: RemoteRoute['remote'], error: unknown): void {
  // Not deployed at all is no failure of a version.
  if (error instanceof RemoteUnavailableError) return;
  const version = remoteServed(remote);
  if (error instanceof RemoteLoadError && error.stage === 'integrity') {
    reportHealth(remote, version, 'integrity_refused');
  } else if (error instanceof RemoteLoadError && error.stage !== 'render') {
    reportHealth(remote, version, 'failed', error.stage);
  } else if (error instanceof RemoteIncompatibleError) {
    reportHealth(remote, version, 'failed', 'manifest');
  } else {
    reportHealth(remote, version, 'failed', 'chunk');
  }
}

/** Errors of loading, which the loader reported already; anything else was thrown rendering. */
const isLoadError = (error: unknown) =>
  error instanceof RemoteLoadError ||
  error instanceof RemoteUnavailableError ||
  error instanceof RemoteIncompatibleError;

interface BoundaryProps {
  route: RemoteRoute;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`The ${this.props.route.label} screen failed`, error, info.componentStack);
    const { remote } = this.props.route;
    if (!isLoadError(error)) reportHealth(remote, remoteServed(remote), 'render_error');
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <RemoteErrorPanel route={this.props.route} error={error} onRetry={this.props.onRetry} />;
  }
}

interface RemoteErrorPanelProps {
  route: RemoteRoute;
  error: unknown;
  onRetry: () => void;
}

const STAGE_TEXT: Record<LoadStage, string> = {
  manifest: "the remote's manifest could not be read",
  entry: "the remote's entry script could not be loaded",
  chunk: "the screen's code could not be loaded",
  integrity: "the remote's files are not the ones deployed, so they were refused",
  render: 'the screen failed while rendering',
};

export function RemoteErrorPanel({ route, error, onRetry }: RemoteErrorPanelProps) {
  const remote = `${REMOTE_TITLES[route.remote]} (mf-${route.remote})`;
  let text: string;
  let detail: string | undefined;
  if (error instanceof RemoteUnavailableError) {
    text = `The ${route.label} screen is unavailable right now.`;
  } else if (error instanceof RemoteIncompatibleError) {
    const lacks = error.missing.length ? `, which does not export ${error.missing.join(', ')}` : '';
    text = `The ${route.label} screen cannot be shown: the ${remote} remote was built against ${error.library} ${error.remoteVersion}, and this application runs ${error.library} ${error.shellVersion}${lacks}.`;
    detail = 'It shows again once a compatible version of the remote is deployed.';
  } else {
    const stage: LoadStage = error instanceof RemoteLoadError ? error.stage : 'render';
    text = `The ${route.label} screen could not be loaded.`;
    detail = `Failed stage: ${stage} (${STAGE_TEXT[stage]}, ${remote}).`;
  }
  return (
    <section className="ofs-card shell-remote-error" role="alert" aria-labelledby="remote-error">
      <h1 id="remote-error" className="ofs-page-title">
        {route.label}
      </h1>
      <p>{text} The rest of the application keeps working.</p>
      {detail && <p>{detail}</p>}
      <Button onClick={onRetry}>Retry</Button>
    </section>
  );
}
