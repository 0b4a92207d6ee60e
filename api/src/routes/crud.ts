// The list/add/update/delete routes that employees, clients and expense types share: the
// paths, schemas and texts differ, the handlers do not.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import { ErrorResponse, IdParams, MessageResponse } from 'contract';
import { currentUser } from '../plugins/auth.js';
import type { CrudRepository, Fields } from '../repositories/crud.js';

type Api = Parameters<FastifyPluginAsyncTypebox>[0];

export const errorResponses = {
  400: ErrorResponse,
  401: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};

export interface CrudRoutes<T extends { id: number }> {
  /** Swagger tag, and the record's name in the summaries ("employee"). */
  tag: string;
  noun: string;
  paths: { list: string[]; add: string; update: string; remove: string };
  schemas: { body: TSchema; list: TSchema; mutation: TSchema };
  repository: CrudRepository<T>;
  messages: { added: string; updated: string; deleted: string; listed?: string };
}

export function crudRoutes<T extends { id: number }>(app: Api, options: CrudRoutes<T>): void {
  const { tag, noun, paths, schemas, repository, messages } = options;

  for (const path of paths.list) {
    app.get(
      path,
      {
        schema: {
          tags: [tag],
          summary: `List every ${noun}`,
          response: { 200: schemas.list, 401: ErrorResponse },
        },
      },
      async () => ({
        users: await repository.list(app.db),
        ...(messages.listed ? { message: messages.listed } : {}),
      }),
    );
  }

  app.post(
    paths.add,
    {
      schema: {
        tags: [tag],
        summary: `Add ${noun}`,
        body: schemas.body,
        response: { 201: schemas.mutation, ...errorResponses },
      },
    },
    async (request, reply) => {
      const values = request.body as Partial<Fields<T>>;
      const user = await repository.create(app.db, currentUser(request).id, values);
      return reply.status(201).send({ message: messages.added, user });
    },
  );

  app.put(
    paths.update,
    {
      schema: {
        tags: [tag],
        summary: `Change ${noun}`,
        params: IdParams,
        body: schemas.body,
        response: { 200: schemas.mutation, ...errorResponses },
      },
    },
    async (request) => {
      const values = request.body as Partial<Fields<T>>;
      const { id } = request.params;
      const user = await repository.update(app.db, currentUser(request).id, id, values);
      return { message: messages.updated, user };
    },
  );

  app.delete(
    paths.remove,
    {
      schema: {
        tags: [tag],
        summary: `Delete ${noun} that has no entries`,
        params: IdParams,
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await repository.remove(app.db, currentUser(request).id, request.params.id);
      return { message: messages.deleted };
    },
  );
}
