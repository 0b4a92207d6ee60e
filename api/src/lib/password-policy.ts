// What a new password must be, after NIST SP 800-63B (5.1.1.2): at least 8 and at most 128
// characters, counted after normalisation (NFKC, as the hash sees it); any printable Unicode,
// spaces included, but not only white space or invisible characters and no control characters;
// not on a list of common and breached passwords; not the e-mail address or the name of its user.
// No composition rules (a digit, a capital ...) and no expiry, as 800-63B advises. Existing
// passwords are not checked again: a user whose password breaks a rule still signs in.
import { dictionary } from '@zxcvbn-ts/language-common';
import { apiMessages, nameKey } from 'contract';
import { normalizePassword } from './password.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Compared without case, compatibility forms or white space: `Pass Word` is `password`. */
const fold = (text: string): string => nameKey(text).replace(/\s+/gu, '');

/**
 * zxcvbn-ts's list of common passwords (49,233 of them, from leaked password sets; MIT licence),
 * the list that password strength meters check first. Its entries are lower case without spaces,
 * as `fold` leaves them (password-policy.test.ts refuses every one), so the set holds them as they
 * come: folding them all again cost every start of the server 55 ms.
 */
const COMMON = new Set(dictionary['passwords-common'] as string[]);

const VISIBLE = /[^\s\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;
const CONTROL = /\p{Cc}/u;

export interface PasswordOwner {
  email?: string;
  name?: string;
}

/** The rule a new password breaks, as the message to answer with; undefined when it is fine. */
export function passwordProblem(password: string, owner: PasswordOwner = {}): string | undefined {
  const text = normalizePassword(password);
  const length = [...text].length;
  if (length < PASSWORD_MIN_LENGTH) return apiMessages.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return apiMessages.passwordTooLong;
  if (CONTROL.test(text)) return apiMessages.passwordControlCharacters;
  if (!VISIBLE.test(text)) return apiMessages.passwordBlank;
  const folded = fold(text);
  const email = owner.email?.trim() ?? '';
  const personal = [email, email.split('@')[0] ?? '', owner.name ?? ''].map(fold).filter(Boolean);
  if (personal.includes(folded)) return apiMessages.passwordPersonal;
  if (COMMON.has(folded)) return apiMessages.passwordCommon;
  return undefined;
}
