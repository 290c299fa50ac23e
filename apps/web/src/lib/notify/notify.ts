import { useSyncExternalStore } from 'react';

export type NoticeTone = 'info' | 'success' | 'warning' | 'danger';

export interface Notice {
  id: number;
  message: string;
  tone: NoticeTone;
}

/** Spec-level short messages (popup blocked, network abnormal…), shown by the toast viewport. */
export const NOTICE_DURATION_MS = 6000;

let notices: Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function dismissNotice(id: number): void {
  notices = notices.filter((n) => n.id !== id);
  emit();
}

export function notify(message: string, tone: NoticeTone = 'info'): void {
  const id = nextId++;
  notices = [...notices.filter((n) => n.message !== message), { id, message, tone }];
  emit();
  setTimeout(() => dismissNotice(id), NOTICE_DURATION_MS);
}

export function useNotices(): Notice[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => notices,
    () => notices,
  );
}
