// What the rest of the shell knows of the /Account screen, apart from the screen itself (which
// loads only when opened): its path.
import { screens } from 'shared-ui';

export const ACCOUNT_PATH = screens.account.path;
