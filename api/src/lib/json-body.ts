// The JSON body parser: Fastify's own (which refuses `__proto__` and `constructor.prototype`
// keys, so no body can reach an object's prototype), with a message that says so. Fastify answers
// such a body "Body is not valid JSON", which is untrue of valid JSON and leaves a client
// guessing.
import type { FastifyInstance } from 'fastify';
import { apiMessages } from 'contract';
import { HttpError } from './errors.js';

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

export function useJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    parse(request, text, (error, value) => {
      // Refused although JSON.parse takes it: only the prototype keys are refused that way.
      if (error && text.length > 0 && isJson(text)) {
        done(new HttpError(400, apiMessages.prototypeKey), undefined);
        return;
      }
      done(error, value);
    });
  });
}
