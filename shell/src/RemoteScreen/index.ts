export { RemoteScreen, RemoteErrorPanel } from './RemoteScreen';
export type { RemoteScreenProps } from './RemoteScreen';
