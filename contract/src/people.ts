// Employees and clients: the parties that salary and income entries are recorded against.
import { Type, type Static } from '@sinclair/typebox';
import { Email, Id, ListResponse, MutationResponse, Name } from './common.js';

export const EmployeeNumber = Type.String({
  minLength: 1,
  maxLength: 20,
  pattern: '^[0-9]+$',
  description: 'Digits only (a phone or staff number; leading zeros are kept)',
});

export const Employee = Type.Object({
  id: Id,
  name: Type.String(),
  email: Type.String(),
  number: Type.String(),
});
export type Employee = Static<typeof Employee>;

export const EmployeeBody = Type.Object(
  { name: Name(100), email: Email, number: EmployeeNumber },
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
