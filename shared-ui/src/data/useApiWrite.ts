// The one way a screen writes: `useApiWrite(endpoints.x, { success })` gives `run(input)`, which
// makes the call (JSON, or a multipart form for an upload), refreshes the reads of the topics the
// write changes (the contract's `reads` and `changes`, refresh.ts) and then says what happened: the success text, or the
// failure's own message (the endpoint's error text when it brings none). A screen that called the
// client itself would skip the refresh, so no screen does.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Endpoint, EndpointResult } from 'contract/browser';
import { call, errorMessage, upload, type ApiError, type CallOptions } from '../http/api-client';
import { notify } from '../notify/notify';
import type { ApiMutationVariables } from './api-query';
import { refreshAfter } from './refresh';
import type { UploadVariables } from './api-upload';

/** What a write is sent with: the endpoint's input (and headers), or a form to upload. */
export type ApiWriteVariables<E extends Endpoint> = ApiMutationVariables<E> | UploadVariables;

/** How a write ended: its answer, or the failure that was already shown. */
export type ApiWriteOutcome<E extends Endpoint> =
  | { ok: true; answer: EndpointResult<E> }
  | { ok: false; error: unknown };

export interface ApiWriteOptions<E extends Endpoint, V = ApiWriteVariables<E>> {
  /**
   * The alert after a success: a fixed text, or one made of the answer and what was sent
   * (`(answer) => answer.message`); none when absent or when the function gives undefined.
   */
  success?: string | ((answer: EndpointResult<E>, variables: V) => string | undefined);
  /** The alert when a failure brings no message of its own; the endpoint's error text if absent. */
  errorText?: string;
  /**
   * Runs once the write and its refresh are done, before the success alert: what the screen
   * does next that the alert should follow (reading a list of its own again, closing a dialog).
   */
  onSuccess?: (answer: EndpointResult<E>, variables: V) => unknown;
  /**
   * Where a failure's text goes instead of the alert: a screen that shows it beside what failed
   * (in an open dialog), so that nothing blocks the keyboard.
   */
  onFailure?: (message: string) => void;
}

const isUpload = (variables: unknown): variables is UploadVariables =>
  typeof FormData !== 'undefined' &&
  typeof variables === 'object' &&
  variables !== null &&
  'form' in variables &&
  variables.form instanceof FormData;

/** Sends one write as the endpoint takes it. */
function send<E extends Endpoint>(endpoint: E, variables: unknown): Promise<EndpointResult<E>> {
  if (isUpload(variables)) {
    const { params, form, headers } = variables;
    return upload(endpoint, params, form, { headers }) as Promise<EndpointResult<E>>;
  }
  const { headers, ...input } = (variables ?? {}) as CallOptions & Record<string, unknown>;
  const json = call as (e: E, i: unknown, o: CallOptions) => Promise<EndpointResult<E>>;
  return json(endpoint, input, { headers });
}

/**
 * A screen's write through `endpoint`. `run(variables)` resolves once the write succeeded, the
 * reads it changes that are on screen were asked again (so a busy button stays busy until the
 * list shows the change) and the success alert was shown; or once the failure was shown. It
 * never rejects. `isPending` and `pending` tell which write is in flight.
 */
export function useApiWrite<E extends Endpoint, V extends ApiWriteVariables<E> = ApiMutationVariables<E>>(
  endpoint: E,
  options: ApiWriteOptions<E, V> = {},
) {
  const client = useQueryClient();
  const mutation = useMutation<EndpointResult<E>, ApiError, V>({
    mutationFn: (variables) => send(endpoint, variables),
    onSuccess: (answer) => refreshAfter(client, endpoint, answer),
  });
  const { success, errorText, onSuccess, onFailure } = options;

  const run = async (variables: V): Promise<ApiWriteOutcome<E>> => {
    let answer: EndpointResult<E>;
    try {
      answer = await mutation.mutateAsync(variables);
    } catch (error) {
      (onFailure ?? notify)(errorMessage(error, errorText ?? endpoint.texts.error));
      return { ok: false, error };
    }
    await onSuccess?.(answer, variables);
    const text = typeof success === 'function' ? success(answer, variables) : success;
    if (text !== undefined) notify(text);
    return { ok: true, answer };
  };

  return {
    run,
    isPending: mutation.isPending,
    /** What the write in flight was sent with (which row is busy); undefined when none is. */
    pending: mutation.isPending ? mutation.variables : undefined,
  };
}
