import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api';

/** Retries only what a retry can fix: network trouble, once. Business errors are final. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => count < 1 && isApiError(error) && error.isNetwork,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
