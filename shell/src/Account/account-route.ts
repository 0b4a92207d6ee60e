// What the rest of the shell knows of the /Account screen, apart from the screen itself (which
// loads only when opened): its path, and the event it sends when two-step sign-in changed.
import { screens } from 'contract';

export const ACCOUNT_PATH = screens.account.path;
export const ACCOUNT_CHANGED = 'ofs:account-changed';
