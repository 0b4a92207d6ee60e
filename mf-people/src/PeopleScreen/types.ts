// The configuration one People screen is built from: what a record looks like, which fields the
// forms ask for, which texts of the catalogue it shows and which API calls it makes.
import type { ComponentType } from 'react';
import type { EndpointTexts, SelectOption } from 'shared-ui';
import type { PeopleEndpoints } from './people-config';

/** Every record the People screens list has a numeric id. */
export interface PersonRecord {
  id: number;
}

/** Form state: one string per field, as inputs hold them. */
export type PersonValues = Record<string, string>;

/** A request body: a field left empty in an edit may be sent as null (clears it). */
export type PersonBody = Record<string, string | null>;

export type PersonFieldKind = 'text' | 'email' | 'password' | 'digits' | 'select' | 'money';

export interface PersonField<Name extends string = string> {
  /** Body field name sent to the API (and read from the record for the list and the modal). */
  name: Name;
  label: string;
  kind: PersonFieldKind;
  /** Select choices; their labels are also what the list shows. */
  options?: SelectOption[];
  /** Value of an empty add form (the role defaults to staff). */
  initial?: string;
  /**
   * How the edit modal treats the field: `readOnly` shows it but cannot change it; `optional`
   * may stay empty and is then left out of the request (a user's password).
   */
  edit?: 'readOnly' | 'optional';
  /** False keeps the field out of the list's columns and search (a password). */
  listed?: boolean;
  /** Help text under the input, in the edit modal only. */
  editHint?: string;
  /**
   * May stay empty in both forms (an employee's monthly salary): left out of an add, and sent
   * as null from an edit, which clears it.
   */
  optional?: boolean;
}

/** The texts (docs/product.md#messages) of one kind of record. */
export interface PeopleMessages {
  added: string;
  updated: string;
  deleted: string;
  confirmDelete: string;
  fetch: EndpointTexts;
  add: EndpointTexts;
  update: EndpointTexts;
  remove: EndpointTexts;
}

export interface PeopleScreenConfig<Row extends PersonRecord> {
  /** Page heading: Users, Employees, Clients. */
  title: string;
  /** Second tab: Update User, Manage Employees, Manage Clients. */
  manageTab: string;
  /** Record noun for buttons and the modal title: User, Employee, Client. */
  noun: string;
  fields: PersonField[];
  messages: PeopleMessages;
  /** The four calls of the screen (tests answer them). */
  endpoints: PeopleEndpoints;
  /** Whose balances the list shows beside each record, linked to their ledger. */
  balances?: 'client' | 'employee';
  /** A further action of the screen on each row, beside Edit and Delete. */
  RowAction?: ComponentType<{ row: Row }>;
}
