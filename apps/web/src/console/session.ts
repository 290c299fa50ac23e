import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { ConsoleError, consoleApi, type Operator, SESSION_ENDED } from './api';

export interface ConsoleSession {
  operator: Operator;
  can(permission: string): boolean;
  /** Called with any failed call: an ended session leads back to the sign-in. */
  failed(error: unknown): void;
}

export const SessionContext = createContext<ConsoleSession | null>(null);

export function useSession(): ConsoleSession {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside the console shell');
  return s;
}

/** An operator command's answer, loaded now and again on `reload`. */
export function useCommand<T>(args: Record<string, unknown>) {
  const session = useSession();
  const key = JSON.stringify(args);
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the arguments' text is their identity
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    consoleApi.command<T>(JSON.parse(key)).then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error) => {
        if (!live) return;
        session.failed(error);
        setState({ data: null, error, loading: false });
      },
    );
    return () => {
      live = false;
    };
  }, [key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}

/** Runs an operator command from a button: busy while it runs, its error kept for the banner. */
export function useAction() {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async <T>(args: Record<string, unknown>): Promise<T | null> => {
    setBusy(true);
    setError(null);
    try {
      return await consoleApi.command<T>(args);
    } catch (e) {
      session.failed(e);
      setError(e);
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, error };
}

export const isSessionEnd = (e: unknown) => e instanceof ConsoleError && e.code === SESSION_ENDED;

/** Calls `reload` every `ms` while the page is open (a live list without a realtime channel). */
export function usePoll(reload: () => void, ms: number) {
  useEffect(() => {
    const timer = window.setInterval(reload, ms);
    return () => window.clearInterval(timer);
  }, [reload, ms]);
}
