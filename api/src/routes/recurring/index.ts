// /api/recurring: schedules of repeating entries, their due occurrences, posting and skipping
// them, and the server's own posting for schedules with automatic posting on
// (docs/decisions/017-payroll-recurring.md).
import type { FastifyPluginAsync } from 'fastify';
import { endpoints, messages } from 'contract';
import { currentUser } from '../../plugins/auth.js';
import { todayIn } from '../../lib/dates.js';
import {
  addSchedule,
  changeSchedule,
  dueOccurrences,
  listSchedules,
  postOccurrences,
  skipOccurrence,
} from '../../repositories/recurring.js';
import { postDueAutomatically } from '../../repositories/recurring-auto.js';
import { route } from '../route.js';

/** How often the running server looks for occurrences to post by itself. */
const AUTO_POST_EVERY_MS = 60_000;

export interface RecurringRoutesOptions {
  /** false: the server never posts by itself (tests that post by hand); default true. */
  autoPost?: boolean;
}

export const recurringRoutes: FastifyPluginAsync<RecurringRoutesOptions> = async (app, options) => {
  const today = () => todayIn(app.config.timeZone);

  route(app, endpoints.listSchedules, async () => ({ schedules: await listSchedules(app.db) }));

  route(app, endpoints.addSchedule, async (request, reply) => {
    const schedule = await addSchedule(app.db, currentUser(request).id, request.body, today());
    return reply.status(201).send({ message: messages.scheduleAdded, schedule });
  });

  route(app, endpoints.setScheduleState, async (request) => ({
    message: messages.scheduleChanged,
    schedule: await changeSchedule(app.db, currentUser(request).id, request.params.id, {
      state: request.body.state,
    }),
  }));

  route(app, endpoints.setScheduleAutoPost, async (request) => ({
    message: messages.scheduleChanged,
    schedule: await changeSchedule(app.db, currentUser(request).id, request.params.id, {
      autoPost: request.body.autoPost,
    }),
  }));

  route(app, endpoints.listDue, async () => dueOccurrences(app.db, today()));

  route(app, endpoints.postOccurrences, async (request, reply) => {
    const posted = await postOccurrences(
      app.db,
      currentUser(request).id,
      request.body.occurrences,
      today(),
    );
    return reply.status(posted.posted > 0 ? 201 : 200).send(posted);
  });

  route(app, endpoints.skipOccurrence, async (request) => {
    await skipOccurrence(app.db, currentUser(request).id, request.body, today());
    return { message: messages.occurrenceSkipped };
  });

  if (options.autoPost === false) return;
  // Every process runs this; the occurrences' claims make each post happen once.
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = postDueAutomatically(app.db, today(), (scheduleId, error) =>
      app.log.warn({ err: error, scheduleId }, 'automatic posting of a schedule failed'),
    )
      .then((posted) => {
        if (posted > 0) app.log.info({ posted }, 'posted due repeating entries');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'automatic posting failed'));
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, AUTO_POST_EVERY_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
};
