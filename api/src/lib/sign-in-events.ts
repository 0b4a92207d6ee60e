// Refused sign-ins in the audit log: a wrong e-mail or password, and attempts turned away by a
// throttle. Nothing else changes when a sign-in is refused, so the row is written on its own.
// Successful sign-ins are recorded with the session they open (repositories/sessions.ts).
import AjvCompiler from '@fastify/ajv-compiler';
import { apiMessages, Email, type AuditAction } from 'contract';
import type { Db } from '../db/index.js';
import { audit } from './audit.js';

export type RefusedSignIn = Extract<
  AuditAction,
  'login_failed' | 'login_throttled' | 'two_step_failed'
>;

/** The contract's `Email` schema, compiled by the same compiler and formats as request bodies. */
const compileEmailCheck = (): ((data: unknown) => boolean) => {
  const compile = AjvCompiler()({}, { customOptions: {} }) as unknown as (route: {
    schema: unknown;
  }) => (data: unknown) => boolean;
  return compile({ schema: Email });
};
/** Compiled on the first refused sign-in: a compiler of its own costs the server's start 80 ms. */
let emailCheck: ((data: unknown) => boolean) | undefined;

/**
 * Whether the text is an e-mail address as users are registered with (the contract's `Email`,
 * checked by the same compiler and formats as every request body).
 */
export const isEmailAddress = (text: string): boolean => (emailCheck ??= compileEmailCheck())(text);

/**
 * What a refused sign-in records as the e-mail tried: the text typed when it is an e-mail
 * address, else a fixed text, so that a password typed into the e-mail field is never stored
 * (and never shown on the Activity screen or in its CSV). Null when it was not read at all.
 */
export const typedIdentifier = (typed: string | null): string | null =>
  typed === null ? null : isEmailAddress(typed) ? typed : apiMessages.notAnEmailAddress;

/** Records a refused sign-in with the e-mail tried (see typedIdentifier) and the request's origin. */
export async function recordRefusedSignIn(
  db: Db,
  action: RefusedSignIn,
  typed: string | null,
): Promise<void> {
  await audit(db, {
    actorId: null,
    action,
    entity: 'session',
    entityId: null,
    after: { email: typedIdentifier(typed) },
  });
}
