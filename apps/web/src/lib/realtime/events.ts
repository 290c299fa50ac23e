import type { RealtimeServerMessage } from '@aurum/contract';

type Listener = (message: RealtimeServerMessage) => void;
const listeners = new Set<Listener>();

/**
 * Session WebSocket events for the screens that follow them live (a chat room): use-realtime
 * hands every event here as well. Returns the function that stops listening.
 */
export function onRealtimeEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitRealtimeEvent(message: RealtimeServerMessage): void {
  for (const l of [...listeners]) {
    try {
      l(message);
    } catch (e) {
      console.error(e);
    }
  }
}
