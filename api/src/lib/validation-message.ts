// Turns a schema validation failure into one short sentence that names the field, instead of
// the validator's internals.
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { AMOUNT_TEXT_PATTERN, apiMessages, DAY_BOUNDS, ISO_DATE_PATTERN } from 'contract';

const fieldOf = (error: FastifySchemaValidationError, name?: string): string => {
  if (name !== undefined) return name;
  const fromPath = error.instancePath.split('/').filter(Boolean).join('.');
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  return missing ?? (fromPath || 'request');
};

/**
 * The error that says what is wrong with a value. Where a value fails every branch of a union
 * (an employee number is an integer or a string of digits), the branches of other types only say
 * "not this type": the failure in the branch of the value's own type is the one to tell.
 */
function telling(errors: FastifySchemaValidationError[]): FastifySchemaValidationError | undefined {
  const first = errors[0];
  if (!first || first.keyword !== 'type' || !first.schemaPath.includes('/anyOf/')) return first;
  const union = errors.find(
    (error) => error.keyword === 'anyOf' && error.instancePath === first.instancePath,
  );
  if (!union) return first;
  const branch = `${union.schemaPath}/`;
  return (
    errors.find(
      (error) =>
        error.instancePath === first.instancePath &&
        error.keyword !== 'type' &&
        error.schemaPath.startsWith(branch),
    ) ?? first
  );
}

/**
 * The sentence for a failed check. `name` names the value checked when it is not a field of a
 * request (an imported row's column).
 */
export function validationMessage(errors: FastifySchemaValidationError[], name?: string): string {
  const error = telling(errors);
  if (!error) return 'Invalid request';
  const field = fieldOf(error, name);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${field} is required`;
    case 'additionalProperties':
      return `${String(params.additionalProperty)} is not an accepted field`;
    case 'format':
      if (params.format === 'email') return `${field} must be a valid email address`;
      if (params.format === 'name') return `${field} ${apiMessages.invisibleInName}`;
      if (params.format === 'text') return `${field} ${apiMessages.directionControlInText}`;
      return `${field} must be a valid ${String(params.format)}`;
    case 'minLength':
      return params.limit === 1
        ? `${field} must not be empty`
        : `${field} must be at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `${field} must be at most ${String(params.limit)} characters`;
    case 'pattern':
      if (params.pattern === '\\S') return `${field} must not be blank`;
      if (params.pattern === '^[0-9]+$') return `${field} must contain digits only`;
      // An amount's text that is not a plain decimal: the same answer as any other non-number.
      if (params.pattern === AMOUNT_TEXT_PATTERN) return `${field} must be a number`;
      if (params.pattern === ISO_DATE_PATTERN)
        return `${field} must be a date (YYYY-MM-DD) from ${DAY_BOUNDS.first} to ${DAY_BOUNDS.last}`;
      return `${field} has an invalid format`;
    case 'exclusiveMinimum':
      return `${field} must be greater than ${String(params.limit)}`;
    case 'minimum':
      return `${field} must be at least ${String(params.limit)}`;
    case 'maximum':
      return `${field} must be at most ${String(params.limit)}`;
    case 'text':
      return params.reason === 'nullCharacter'
        ? `${field} must not contain a null character`
        : `${field} must be valid Unicode text`;
    case 'type':
      return `${field} must be ${/^[aeiou]/.test(String(params.type)) ? 'an' : 'a'} ${String(params.type)}`;
    case 'const':
    case 'enum':
    case 'anyOf':
      return `${field} has an invalid value`;
    default:
      return `${field} is invalid`;
  }
}
