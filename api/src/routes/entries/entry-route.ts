// The three entry forms post to three spec paths with three body shapes; one route factory
// serves them all so that their rules cannot drift apart.
import type { FastifyPluginAsync } from 'fastify';
import type { Endpoints } from 'contract';
import { currentUser } from '../../plugins/auth.js';
import { recordEntry } from '../../books/index.js';
import { entryBudget } from '../../repositories/budgets.js';
import { todayIn } from '../../lib/dates.js';
import type { EntryKind } from 'contract';
import { route } from '../route.js';

type EntryEndpoint = Endpoints['addExpense'] | Endpoints['addIncome'] | Endpoints['addSalary'];

export interface EntryRouteOptions<E extends EntryEndpoint> {
  kind: EntryKind;
  endpoint: E;
  /** The body field that holds the party id (clientId, employeeId, expanceTypeId). */
  partyField: keyof E['body']['properties'];
  successMessage: string;
}

export const entryRoute =
  <E extends EntryEndpoint>(options: EntryRouteOptions<E>): FastifyPluginAsync =>
  async (app) => {
    route<EntryEndpoint>(app, options.endpoint, async (request, reply) => {
      const body = request.body;
      const { entry, created } = await recordEntry(
        app.db,
        currentUser(request).id,
        {
          kind: options.kind,
          partyId: (body as Record<string, unknown>)[options.partyField as string] as number,
          // A decimal string has passed the schema's plain-digits pattern.
          amount: Number(body.amount),
          creditDebit: body.Creditdebit,
          description: (body.description ?? '').trim(),
          date: body.date,
          accountId: body.accountId,
          reason: body.reason,
          idempotencyKey: request.headers['idempotency-key'],
        },
        todayIn(app.config.timeZone),
      );
      // An expense whose type has a budget for the entry's month says how much of it is used.
      const budget =
        options.kind === 'expense' && created
          ? await entryBudget(app.db, entry.partyId, entry.date, entry.amount)
          : undefined;
      return reply
        .status(created ? 201 : 200)
        .send({ message: options.successMessage, entry, ...(budget ? { budget } : {}) });
    });
  };
