export { DownloadButtons } from './DownloadButtons';
export type { DownloadButtonsProps } from './DownloadButtons';
