import { useState } from 'react';
import { download, errorMessage, type FileEndpoint } from '../../http/api-client';
import { notify } from '../../notify/notify';
import { messages } from 'contract/browser';
import { Button } from '../Button';

export interface DownloadButtonProps {
  /** A call that answers with a file (an Excel or PDF export). */
  endpoint: FileEndpoint;
  /** Its input: the query of the figures on screen. */
  input?: object;
  /** The button's text, e.g. "Download Excel". */
  label: string;
  disabled?: boolean;
  /** The saved file's name, when it is not the endpoint's (one file of many: a payslip). */
  fileName?: string;
  /** -1 keeps a button of every row out of the Tab order (the screen offers it another way). */
  tabIndex?: number;
  /** A name that says more than the label (which row's file). */
  'aria-label'?: string;
}

/**
 * A button that asks the server for a file with the session and hands it to the browser as a
 * download; "Downloading..." meanwhile, and the call's text (or the server's message) if it fails.
 */
export function DownloadButton({
  endpoint,
  input,
  label,
  disabled,
  fileName,
  tabIndex,
  'aria-label': ariaLabel,
}: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      // Typed at the call site: `input` is the query the screen asked its figures with.
      await (
        download as unknown as (
          e: FileEndpoint,
          input?: object,
          options?: { fileName?: string },
        ) => Promise<void>
      )(endpoint, input, fileName === undefined ? undefined : { fileName });
    } catch (error) {
      notify(errorMessage(error, endpoint.texts.error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      onClick={() => void onClick()}
      busy={busy}
      busyLabel={messages.downloading}
      disabled={disabled}
      tabIndex={tabIndex}
      aria-label={ariaLabel}
    >
      {label}
    </Button>
  );
}
