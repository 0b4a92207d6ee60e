import { messages } from 'contract/browser';

/** Shown while the app finds out whether the visitor is signed in. */
export function LoadingScreen() {
  return (
    <div className="ofs-loading" role="status" aria-live="polite">
      {messages.loading}
    </div>
  );
}
