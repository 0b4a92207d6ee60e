export { JustRecorded } from './JustRecorded';
export type { JustRecordedProps } from './JustRecorded';
