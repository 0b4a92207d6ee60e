// Users: the people who sign in. Passwords are write-only.
import { Type, type Static } from '@sinclair/typebox';
import { Email, Id, ListResponse, MutationResponse, Name } from './common.js';
export { canWrite, personText } from './user-values.js';

/**
 * What a user may do: `admin` everything, `staff` everything but managing users, moving the
 * closed period and the admins' screens, `viewer` (an accountant or auditor) read and download
 * only.
 */
export const Role = Type.Union([
  Type.Literal('staff'),
  Type.Literal('admin'),
  Type.Literal('viewer'),
]);
export type Role = Static<typeof Role>;

export const Password = Type.String({
  minLength: 8,
  maxLength: 128,
  description: 'At least 8 characters',
});

export const User = Type.Object({
  id: Id,
  name: Type.String(),
  email: Type.String(),
  role: Role,
});
export type User = Static<typeof User>;

/**
 * Someone named in history (who recorded an entry, who did what): a user, or a former user (one
 * since deleted, whose name stays on everything they did). The e-mail tells apart two people
 * who share a name.
 */
export const Person = Type.Object({
  id: Id,
  name: Type.String(),
  email: Type.String(),
  /** Deleted since: no longer signs in, listed nowhere but in history. */
  former: Type.Boolean(),
});
export type Person = Static<typeof Person>;

export const LoginBody = Type.Object(
  { email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 128 }) },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const LoginResponse = Type.Object({ token: Type.String(), message: Type.String() });
export type LoginResponse = Static<typeof LoginResponse>;

export const RegisterUserBody = Type.Object(
  {
    name: Name(100),
    email: Email,
    password: Password,
    role: Type.Optional(Role),
  },
  { additionalProperties: false },
);
export type RegisterUserBody = Static<typeof RegisterUserBody>;

export const UpdateUserBody = Type.Object(
  {
    name: Name(100),
    // The edit form shows the e-mail read-only and sends it back; it is accepted and must match.
    email: Type.Optional(Email),
    password: Type.Optional(Type.Union([Password, Type.Literal('')])),
    role: Role,
  },
  { additionalProperties: false },
);
export type UpdateUserBody = Static<typeof UpdateUserBody>;

export const UserList = ListResponse(User);
export type UserList = Static<typeof UserList>;
export const UserMutation = MutationResponse(User);
export type UserMutation = Static<typeof UserMutation>;
