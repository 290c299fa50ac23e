/**
 * The state a game page shares with its frame: the play session, the balance (minor units),
 * the session's last rounds, toasts and the live-region announcement. Games report a settled
 * round once its animation has landed, so the balance and history change when the player sees
 * the result, not before.
 */
import type { PlaySession } from '@aurum/contract';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { money, wireToMinor } from '../lib/format';
import { useTexts } from '../texts';
import { type ToastSpec, toastForError } from './errors';

/** One settled round in the history strip. */
export interface HistoryEntry {
  orderNo: string;
  /** What the round came to in the game's terms ("54.21", "5.8×", "Banker"). */
  label: string;
  stakeMinor: bigint;
  winMinor: bigint;
}

export interface Toast extends ToastSpec {
  id: number;
}

/** How many rounds the strip keeps. */
export const HISTORY_SIZE = 12;

export interface PlayApi {
  session: PlaySession;
  balanceMinor: bigint;
  history: HistoryEntry[];
  toasts: Toast[];
  announcement: string;
  /** Money in the session's currency ("$1,234.50"). */
  money(minor: bigint): string;
  /** A round has landed: new balance (wire text), history, and the spoken result. */
  settle(entry: HistoryEntry, balance: string): void;
  /** A failed call as the toast the player needs (deposit hint, relaunch…). */
  fail(error: unknown): void;
  notify(message: string): void;
  dismiss(id: number): void;
}

const PlayContext = createContext<PlayApi | null>(null);

/** The game page's shared state; `usePlay` reads it. */
export function PlayProvider({ session, children }: { session: PlaySession; children: ReactNode }) {
  const texts = useTexts();
  const [balanceMinor, setBalance] = useState(() => wireToMinor(session.balance));
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const nextId = useRef(1);

  const push = useCallback((spec: ToastSpec) => {
    const id = nextId.current++;
    setToasts((list) => [...list.filter((t) => t.message !== spec.message), { ...spec, id }]);
  }, []);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  const api = useMemo<PlayApi>(() => {
    const format = (minor: bigint) => money(minor, session.currencySymbol);
    return {
      session,
      balanceMinor,
      history,
      toasts,
      announcement,
      money: format,
      settle(entry, balance) {
        setBalance(wireToMinor(balance));
        setHistory((list) =>
          [entry, ...list.filter((e) => e.orderNo !== entry.orderNo)].slice(0, HISTORY_SIZE),
        );
        const net = entry.winMinor - entry.stakeMinor;
        setAnnouncement(
          entry.winMinor === 0n
            ? texts.results.lost
            : net === 0n
              ? texts.results.push(format(entry.winMinor))
              : texts.results.won(format(entry.winMinor)),
        );
      },
      fail: (error) => push(toastForError(error, texts, session.mode)),
      notify: (message) => push({ tone: 'info', message }),
      dismiss,
    };
  }, [session, balanceMinor, history, toasts, announcement, texts, push, dismiss]);

  return <PlayContext.Provider value={api}>{children}</PlayContext.Provider>;
}

export function usePlay(): PlayApi {
  const api = useContext(PlayContext);
  if (!api) throw new Error('usePlay outside PlayProvider');
  return api;
}
