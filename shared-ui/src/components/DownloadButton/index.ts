export { DownloadButton } from './DownloadButton';
export type { DownloadButtonProps } from './DownloadButton';
