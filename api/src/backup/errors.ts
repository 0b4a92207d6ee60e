// A backup or restore that stops on purpose: the message is for the person who ran it (from
// contract's backupMessages), never a stack or SQL.
export class BackupRefused extends Error {
  constructor(message: string, detail?: string) {
    super(detail ? `${message}: ${detail}` : message);
    this.name = 'BackupRefused';
  }
}
