// Employees and clients: the parties that salary and income entries are recorded against.
import { Type, type Static } from '@sinclair/typebox';
import { Amount, Email, Id, ListResponse, Money, MutationResponse, Name } from './common.js';

/**
 * An employee's number (spec: numeric): a string of digits, whose leading zeros are kept, or a
 * whole JSON number from 0 to 2^53 - 1 (beyond it a JSON number is no longer exact), stored as
 * its digits. Either way it is read back as a string.
 */
export const EmployeeNumber = Type.Union(
  [
    Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    Type.String({ minLength: 1, maxLength: 20, pattern: '^[0-9]+$' }),
  ],
  {
    description:
      'Digits only (a phone or staff number): a string of digits, leading zeros kept, or a whole number from 0 to 9007199254740991; always answered as a string',
  },
);

export const Employee = Type.Object({
  id: Id,
  name: Type.String(),
  email: Type.String(),
  number: Type.String(),
  /** What a payroll run offers to pay them; absent when they have none. */
  monthlySalary: Type.Optional(Money),
});
export type Employee = Static<typeof Employee>;

export const EmployeeBody = Type.Object(
  {
    name: Name(100),
    email: Email,
    number: EmployeeNumber,
    /** Optional, beside the spec's fields; null clears it. */
    monthlySalary: Type.Optional(Type.Union([Amount, Type.Null()])),
  },
  { additionalProperties: false },
);
export type EmployeeBody = Static<typeof EmployeeBody>;

export const EmployeeList = ListResponse(Employee);
export type EmployeeList = Static<typeof EmployeeList>;
export const EmployeeMutation = MutationResponse(Employee);
export type EmployeeMutation = Static<typeof EmployeeMutation>;

export const Client = Type.Object({
  id: Id,
  name: Type.String(),
  email: Type.String(),
  companyName: Type.String(),
});
export type Client = Static<typeof Client>;

export const ClientBody = Type.Object(
  { name: Name(100), email: Email, companyName: Name(200) },
  { additionalProperties: false },
);
export type ClientBody = Static<typeof ClientBody>;

export const ClientList = ListResponse(Client);
export type ClientList = Static<typeof ClientList>;
export const ClientMutation = MutationResponse(Client);
export type ClientMutation = Static<typeof ClientMutation>;
