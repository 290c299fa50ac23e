/** The console's unit tests' operator API: a scripted `fetch` (see console-app.test.tsx). */
import { vi } from 'vitest';

export type Answer =
  | { success: true; value: unknown }
  | { success: false; errorCode: string; message: string; details?: Record<string, string> };

/** The operator API as the test scripts it: path → answer (or a function of the request body). */
export function serve(routes: Record<string, Answer | ((body: unknown) => Answer)>) {
  const calls: { path: string; body: unknown; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace('/console-api/', '');
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path, body, headers: init.headers as Record<string, string> });
      const route =
        routes[path === 'command' ? `command:${(body as { args: { command: string } }).args.command}` : path];
      const answer = typeof route === 'function' ? route(body) : route;
      if (!answer) throw new Error(`no route ${path}`);
      return new Response(JSON.stringify(answer), { status: answer.success ? 200 : 400 });
    }),
  );
  return calls;
}

export const ok = (value: unknown): Answer => ({ success: true, value });
