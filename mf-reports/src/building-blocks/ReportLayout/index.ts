export { ReportLayout } from './ReportLayout';
export type { ReportLayoutProps } from './ReportLayout';
