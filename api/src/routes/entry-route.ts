// The three entry forms post to three spec paths with three body shapes; one route factory
// serves them all so that their rules cannot drift apart.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TObject } from '@sinclair/typebox';
import { ErrorResponse, EntryMutation, IdempotencyHeaders, type CreditDebit } from 'contract';
import { currentUser } from '../plugins/auth.js';
import { recordEntry } from '../repositories/entries.js';
import { todayIn } from '../lib/dates.js';
import type { EntryKind } from '../db/schema.js';

export interface EntryRouteOptions {
  kind: EntryKind;
  path: string;
  body: TObject;
  /** The body field that holds the party id (clientId, employeeId, expanceTypeId). */
  partyField: string;
  summary: string;
  successMessage: string;
}

interface EntryBody {
  amount: number | string;
  description?: string;
  Creditdebit: CreditDebit;
  date?: string;
  [field: string]: unknown;
}

export const entryRoute =
  (options: EntryRouteOptions): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      options.path,
      {
        schema: {
          tags: ['entries'],
          summary: options.summary,
          description:
            'Send an Idempotency-Key header to make the submission safe to repeat: the same key ' +
            'answers with the first entry and records nothing new.',
          headers: IdempotencyHeaders,
          body: options.body,
          response: {
            200: EntryMutation,
            201: EntryMutation,
            400: ErrorResponse,
            401: ErrorResponse,
            404: ErrorResponse,
            409: ErrorResponse,
          },
        },
      },
      async (request, reply) => {
        const body = request.body as EntryBody;
        const { entry, created } = await recordEntry(
          app.db,
          currentUser(request).id,
          {
            kind: options.kind,
            partyId: body[options.partyField] as number,
            // A decimal string has passed the schema's plain-digits pattern.
            amount: Number(body.amount),
            creditDebit: body.Creditdebit,
            description: (body.description ?? '').trim(),
            date: body.date,
            idempotencyKey: request.headers['idempotency-key'],
          },
          todayIn(app.config.timeZone),
        );
        return reply.status(created ? 201 : 200).send({ message: options.successMessage, entry });
      },
    );
  };
