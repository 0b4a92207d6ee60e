export { BackupSettings } from './BackupSettings';
