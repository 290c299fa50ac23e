/**
 * The operator API (`/console-api/*`, docs/operators.md): every call carries the merchant and
 * the console's own header; the session is the HttpOnly cookie the sign-in set.
 */

export class ConsoleError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
  }
}

export const SESSION_ENDED = 'console.session.invalid';

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { merchant: __MERCHANT__, 'x-console-request': '1' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`/console-api/${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ConsoleError('network', 'The server could not be reached. Check the connection and try again.');
  }
  const envelope = (await res.json().catch(() => null)) as
    | { success: true; value: T }
    | { success: false; errorCode: string; message: string; details?: Record<string, string> }
    | null;
  if (!envelope) throw new ConsoleError('system.error', `The server answered ${res.status}.`);
  if (!envelope.success) throw new ConsoleError(envelope.errorCode, envelope.message, envelope.details);
  return envelope.value;
}

export interface Operator {
  name: string;
  role: string;
  permissions: string[];
}

export const consoleApi = {
  enrolStart: (token: string) =>
    call<{ name: string; email: string; role: string; secret: string; uri: string }>('POST', 'enrol/start', {
      token,
    }),
  enrolFinish: (token: string, password: string, code: string) =>
    call<{ name: string; recoveryCodes: string[] }>('POST', 'enrol/finish', { token, password, code }),
  signIn: (name: string, password: string, code: string) =>
    call<{ operator: Operator; expiresAt: string }>('POST', 'sign-in', { name, password, code }),
  signOut: () => call<null>('POST', 'sign-out', {}),
  me: () => call<Operator>('GET', 'me'),
  /** An operator command (the arguments `npm run ops` sends), run as the signed-in operator. */
  command: <T>(args: Record<string, unknown>) => call<T>('POST', 'command', { args }),
};
