// Two-step sign-in (TOTP, RFC 6238) and the signed-in user's own account: the second step of a
// sign-in, setting two-step up and turning it on or off, changing one's own password, and the
// admins' switch that requires two-step of every admin. See docs/decisions/011-two-step-sign-in.md.
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common.js';
import { LoginResponse } from './users.js';

/** A correct password of a user with two-step on: no token yet, a challenge for the code step. */
export const LoginChallenge = Type.Object({
  message: Type.String(),
  twoStep: Type.Object({
    /** Opaque, single-sign-in, expires after a few minutes; send it back with the code. */
    challenge: Type.String(),
  }),
});
export type LoginChallenge = Static<typeof LoginChallenge>;

/** What POST /users/login answers: the spec's `{ token, message }`, or a code step. */
export const LoginAnswer = Type.Union([LoginResponse, LoginChallenge]);
export type LoginAnswer = Static<typeof LoginAnswer>;

/** The code from the authenticator app (6 digits) or one of the recovery codes. */
export const TwoStepCode = Type.String({ minLength: 1, maxLength: 32 });

export const LoginCodeBody = Type.Object(
  { challenge: Type.String({ minLength: 1, maxLength: 100 }), code: TwoStepCode },
  { additionalProperties: false },
);
export type LoginCodeBody = Static<typeof LoginCodeBody>;

export const TwoStepStatus = Type.Object({
  /** Two-step sign-in is on for this user. */
  enabled: Type.Boolean(),
  /** Recovery codes not used yet (0 when off). */
  recoveryCodesLeft: Type.Integer(),
  /** The admins' setting requires it of this user (an admin). */
  required: Type.Boolean(),
});
export type TwoStepStatus = Static<typeof TwoStepStatus>;

/** A new secret, not yet in force: it is turned on by a code made from it. */
export const TwoStepSetup = Type.Object({
  /** Base32, as an authenticator app takes it typed in. */
  secret: Type.String(),
  /** The otpauth:// URI the QR code holds. */
  uri: Type.String(),
  /** The QR code of `uri` as an image data URL (SVG). */
  qr: Type.String(),
});
export type TwoStepSetup = Static<typeof TwoStepSetup>;

export const TwoStepCodeBody = Type.Object({ code: TwoStepCode }, { additionalProperties: false });
export type TwoStepCodeBody = Static<typeof TwoStepCodeBody>;

export const TwoStepEnabled = Type.Object({
  message: Type.String(),
  /** Shown once: each signs in once in place of a code. */
  recoveryCodes: Type.Array(Type.String()),
});
export type TwoStepEnabled = Static<typeof TwoStepEnabled>;

export const TwoStepDisableBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: false },
);
export type TwoStepDisableBody = Static<typeof TwoStepDisableBody>;

export const ChangePasswordBody = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: 128 }),
    // The password rules are the server's (one function), so the length is checked there too.
    newPassword: Type.String({ maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const SecuritySettings = Type.Object(
  { requireTwoStepForAdmins: Type.Boolean() },
  { additionalProperties: false },
);
export type SecuritySettings = Static<typeof SecuritySettings>;

/** The users who have two-step sign-in on (admins only). */
export const TwoStepUsers = Type.Object({ userIds: Type.Array(Id) });
export type TwoStepUsers = Static<typeof TwoStepUsers>;
