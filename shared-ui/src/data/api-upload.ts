// File uploads (multipart forms) through the one data cache: like `useApiMutation`, an upload
// refreshes the reads of the topics it changes (refresh.ts) before it resolves.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Endpoint, EndpointResult } from 'contract/browser';
import { upload, type ApiError, type CallOptions } from '../http/api-client';
import { refreshAfter } from './refresh';

export interface UploadVariables {
  params?: Record<string, string | number>;
  form: FormData;
  headers?: CallOptions['headers'];
}

export function useApiUpload<E extends Endpoint>(endpoint: E) {
  const client = useQueryClient();
  return useMutation<EndpointResult<E>, ApiError, UploadVariables>({
    mutationFn: ({ params, form, headers }) => upload(endpoint, params, form, { headers }),
    onSuccess: async (answer) => {
      await refreshAfter(client, endpoint, answer);
    },
  });
}
