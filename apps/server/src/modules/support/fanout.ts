import { randomBytes } from 'node:crypto';
import type { Database } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { RealtimeHub } from '../realtime/index.ts';
import { presentChat, type SupportNotifier, type SupportService } from './service.ts';

/** The NOTIFY channel of merchant-wide support events (chat rooms, broadcasts). */
export const SUPPORT_EVENTS = 'support_events';
export const MESSAGES_EVENT = 'messages';

type Note =
  | { o: string; m: string; k: 'chat'; id: number }
  | { o: string; m: string; k: 'deleted'; room: string; id: number }
  | { o: string; m: string; k: 'inbox' };

/**
 * Delivers support events. Per-member events (unread count, mute, live support) go through the
 * EventBus like the balance. Merchant-wide ones (a room's new or deleted message, a broadcast)
 * reach every process through one NOTIFY with ids only; each process reads what it needs and
 * tells its own sockets, so a message of any length crosses processes and nothing is lost.
 */
export class SupportFanout implements SupportNotifier {
  private readonly origin = randomBytes(8).toString('hex');
  private unlisten: (() => Promise<void>) | null = null;
  service: SupportService | null = null;

  constructor(
    private readonly database: Database,
    private readonly events: EventBus,
    private readonly hub: RealtimeHub,
    private readonly onError: (e: unknown) => void,
  ) {}

  async start(): Promise<void> {
    if (this.database.kind === 'postgres') {
      this.unlisten = await this.database.listen(SUPPORT_EVENTS, (p) => this.receive(p));
    }
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
  }

  inbox(merchant: string, memberId: number | null): void {
    if (memberId !== null) {
      this.events.publish(merchant, memberId, { type: MESSAGES_EVENT });
      return;
    }
    this.send({ o: this.origin, m: merchant, k: 'inbox' });
  }

  chatPosted(merchant: string, id: number): void {
    this.send({ o: this.origin, m: merchant, k: 'chat', id });
  }

  chatDeleted(merchant: string, room: string, id: number): void {
    this.send({ o: this.origin, m: merchant, k: 'deleted', room, id });
  }

  chatMuted(merchant: string, memberId: number, until: number | null): void {
    this.events.publish(merchant, memberId, { type: 'chat.muted', until });
  }

  support(merchant: string, memberId: number, id: number): void {
    this.events.publish(merchant, memberId, { type: 'support', id });
  }

  private send(note: Note) {
    void this.apply(note).catch(this.onError);
    if (this.database.kind === 'postgres') {
      this.database.notify(SUPPORT_EVENTS, JSON.stringify(note)).catch(this.onError);
    }
  }

  private receive(payload: string) {
    let note: Note;
    try {
      note = JSON.parse(payload) as Note;
    } catch {
      return;
    }
    if (typeof note !== 'object' || note === null || note.o === this.origin || typeof note.m !== 'string')
      return;
    void this.apply(note).catch(this.onError);
  }

  private async apply(note: Note) {
    if (note.k === 'inbox') {
      // Every member with a socket here hears their new count (loaded per member by the bus).
      const ids = this.hub.localMembers(note.m);
      if (ids.length) this.events.publish(note.m, ids, { type: MESSAGES_EVENT });
      return;
    }
    if (note.k === 'deleted') {
      if (typeof note.id !== 'number' || typeof note.room !== 'string') return;
      this.hub.broadcast(note.m, () => ({ type: 'chat.deleted', room: note.room, id: note.id }));
      return;
    }
    if (note.k === 'chat' && typeof note.id === 'number' && this.service) {
      const row = await this.service.chatRow(note.m, note.id);
      if (!row || row.deletedAt) return;
      this.hub.broadcast(note.m, (viewer) => ({ type: 'chat.message', message: presentChat(row, viewer) }));
    }
  }
}
