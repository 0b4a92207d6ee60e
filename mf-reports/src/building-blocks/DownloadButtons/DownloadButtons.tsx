import { DownloadButton, messages } from 'shared-ui';
import type { FileEndpoint } from 'shared-ui';

export interface DownloadButtonsProps {
  /** The server's Excel of the figures on screen. */
  excel: FileEndpoint;
  /** The server's PDF of them, where the report has one. */
  pdf?: FileEndpoint;
  /** The query of the figures on screen, as both calls take it. */
  input?: object;
  disabled?: boolean;
}

/** Download Excel (and Download PDF) beside a report's Export CSV. */
export function DownloadButtons({ excel, pdf, input, disabled }: DownloadButtonsProps) {
  return (
    <>
      <DownloadButton
        endpoint={excel}
        input={input}
        label={messages.downloadExcel}
        disabled={disabled}
      />
      {pdf && (
        <DownloadButton
          endpoint={pdf}
          input={input}
          label={messages.downloadPdf}
          disabled={disabled}
        />
      )}
    </>
  );
}
