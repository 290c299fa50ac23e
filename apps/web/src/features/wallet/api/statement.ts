import type { RouteQuery } from '@aurum/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session/session-store';

export type StatementQuery = RouteQuery<'statement'>;

/** GET /wps/member/statement: the member's statement (credit report) over a period. */
export function useStatement(query: StatementQuery) {
  const token = useSessionToken();
  return useQuery({
    queryKey: ['wallet', 'statement', token, query],
    queryFn: ({ signal }) => apiCall('statement', { query, signal }),
    enabled: token !== null,
  });
}

/** GET /wps/member/statement/file: the statement as CSV or PDF, saved by the browser. */
export function useStatementFile() {
  return useMutation({
    mutationFn: async (query: RouteQuery<'statementFile'>) => {
      const file = await apiCall('statementFile', { query });
      const bytes =
        file.contentType === 'application/pdf'
          ? Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0))
          : new TextEncoder().encode(`\uFEFF${file.data}`);
      const url = URL.createObjectURL(new Blob([bytes], { type: `${file.contentType};charset=utf-8` }));
      const a = document.createElement('a');
      a.href = url;
      a.download = file.filename;
      document.body.append(a);
      a.click();
      a.remove();
      URL.revokeObjectURL(url);
      return file.filename;
    },
  });
}
