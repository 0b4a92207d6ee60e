export { EditPersonModal } from './EditPersonModal';
export type { EditPersonModalProps } from './EditPersonModal';
