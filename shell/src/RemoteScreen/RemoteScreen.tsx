import { Component, Suspense, lazy, useMemo, useState } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { Button, LoadingScreen } from 'shared-ui';
import { RemoteUnavailableError, loadRemoteComponent } from '../federation/federation';
import type { RemoteRoute } from '../routes/route-table';
import './RemoteScreen.css';

export interface RemoteScreenProps {
  route: RemoteRoute;
}

/**
 * One screen served by a remote. Loading, a remote that is not deployed, a remote that fails to
 * load and a screen that throws while rendering all stay inside the content area; the sidebar and
 * every other screen keep working. Retry builds a new lazy component, because React.lazy caches a
 * rejected import for the life of the component.
 */
export function RemoteScreen({ route }: RemoteScreenProps) {
  const [attempt, setAttempt] = useState(0);
  const Screen = useMemo(
    () =>
      lazy(async () => ({
        default: await loadRemoteComponent(route.remote, route.module, attempt > 0),
      })),
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

export function RemoteErrorPanel({ route, error, onRetry }: RemoteErrorPanelProps) {
  const unavailable = error instanceof RemoteUnavailableError;
  return (
    <section className="ofs-card shell-remote-error" role="alert" aria-labelledby="remote-error">
      <h1 id="remote-error" className="ofs-page-title">
        {route.label}
      </h1>
      <p>
        {unavailable
          ? `The ${route.label} screen is unavailable right now.`
          : `The ${route.label} screen could not be loaded.`}{' '}
        The rest of the application keeps working.
      </p>
      <Button onClick={onRetry}>Retry</Button>
    </section>
  );
}
