import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient } from './query-client';

export interface DataProviderProps {
  children: ReactNode;
  /** The page's client unless given (a test's own). */
  client?: QueryClient;
}

/** Gives the screens below it the cache of server answers (`useApiQuery`, `useApiMutation`). */
export function DataProvider({ children, client = queryClient }: DataProviderProps) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
