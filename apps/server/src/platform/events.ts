import { randomBytes } from 'node:crypto';
import type { Database } from './db.ts';

/** The NOTIFY channel that carries member events between processes. */
export const MEMBER_EVENTS = 'member_events';

/** Something that happened to a member, as their browsers receive it. */
export interface MemberEvent {
  readonly type: string;
  readonly [field: string]: unknown;
}

/**
 * Builds a state event (a balance…) from the database of the process that delivers it; null
 * when there is nothing to say.
 */
export type EventLoader = (merchant: string, memberId: number) => Promise<MemberEvent | null>;

export type EventListener = (event: MemberEvent) => void;

export interface EventBusOptions {
  /** Publications are gathered this long into one NOTIFY per merchant and event. */
  flushMs?: number;
  /** A loader or listener failed; events are best effort, so nothing else happens. */
  onError?: (error: unknown) => void;
}

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; stay well below. */
const MAX_NOTIFY_BYTES = 7_000;
/** An event sent as is must leave room for member ids: bigger content belongs in a loader. */
const MAX_EVENT_BYTES = 1_024;
const DEFAULT_FLUSH_MS = 10;
const EVENT_TYPE = /^[a-z][a-zA-Z0-9.]{0,31}$/;

/** What crosses processes: whose and which event; a state event's content is loaded on arrival. */
interface Note {
  /** The publishing bus, which has delivered it already. */
  o: string;
  m: string;
  u: number[];
  e: MemberEvent;
}

const memberKey = (merchant: string, memberId: number) => `${merchant}\u0000${memberId}`;

/**
 * Member events for every process: `publish(merchant, memberId, event)` reaches the listeners of
 * that member in this process at once and, on PostgreSQL, in every other process through
 * LISTEN/NOTIFY (PGlite is one process, so in-process is everything).
 *
 * State events (`define`) travel as their type only: each process that has listeners for the
 * member loads the state once, however many sockets and however many publications there were
 * meanwhile, so a burst of changes costs one read per process and the last state always wins.
 * Other events travel whole and must be small.
 */
export class EventBus {
  private readonly origin = randomBytes(8).toString('hex');
  private readonly listeners = new Map<string, Set<EventListener>>();
  private readonly loaders = new Map<string, EventLoader>();
  /** Member+type keys whose state is being loaded; true when another load is due after it. */
  private readonly loading = new Map<string, boolean>();
  /** Publications waiting for the next NOTIFY, by merchant and event. */
  private readonly outbox = new Map<string, { merchant: string; event: MemberEvent; ids: Set<number> }>();
  private readonly flushMs: number;
  private readonly onError: (error: unknown) => void;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>) | null = null;
  private stopped = false;

  constructor(
    private readonly database: Database,
    options: EventBusOptions = {},
  ) {
    this.flushMs = options.flushMs ?? DEFAULT_FLUSH_MS;
    this.onError = options.onError ?? (() => undefined);
  }

  /** Across processes only on PostgreSQL. */
  get crossProcess(): boolean {
    return this.database.kind === 'postgres';
  }

  async start(): Promise<void> {
    if (this.crossProcess) this.unlisten = await this.database.listen(MEMBER_EVENTS, (p) => this.receive(p));
  }

  /** Sends what is still gathered, then stops listening. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
    await this.unlisten?.();
    this.unlisten = null;
    this.listeners.clear();
  }

  /** Declares a state event: published as `{ type }`, loaded where it is delivered. */
  define(type: string, load: EventLoader): void {
    if (!EVENT_TYPE.test(type)) throw new Error(`bad event type ${type}`);
    this.loaders.set(type, load);
  }

  /** Tells the member's listeners, in every process. Never throws for a delivery problem. */
  publish(merchant: string, memberIds: number | readonly number[], event: MemberEvent): void {
    if (!EVENT_TYPE.test(event.type)) throw new Error(`bad event type ${event.type}`);
    const state = this.loaders.has(event.type);
    const sent: MemberEvent = state ? { type: event.type } : event;
    if (!state && Buffer.byteLength(JSON.stringify(sent)) > MAX_EVENT_BYTES) {
      throw new Error(`event ${event.type} is too large to publish; define a loader for it`);
    }
    const ids = [...new Set(typeof memberIds === 'number' ? [memberIds] : memberIds)].filter(
      (id) => Number.isSafeInteger(id) && id > 0,
    );
    if (!ids.length || this.stopped) return;
    this.deliver(merchant, ids, sent);
    if (this.crossProcess) this.enqueue(merchant, ids, sent);
  }

  /**
   * Listens to one member's events; the returned function stops. With `replay`, the current
   * state of every state event is loaded and delivered too.
   */
  subscribe(
    merchant: string,
    memberId: number,
    listener: EventListener,
    options: { replay?: boolean } = {},
  ): () => void {
    const key = memberKey(merchant, memberId);
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    // Through the same coalescing loads as publications, so an older state never lands after a
    // newer one; the member's other listeners just hear the current state again.
    if (options.replay) for (const [type, load] of this.loaders) this.refresh(merchant, memberId, type, load);
    return () => {
      const current = this.listeners.get(key);
      current?.delete(listener);
      if (current?.size === 0) this.listeners.delete(key);
    };
  }

  /** How many listeners a member has in this process. */
  listenerCount(merchant: string, memberId: number): number {
    return this.listeners.get(memberKey(merchant, memberId))?.size ?? 0;
  }

  /** Sends every gathered publication now (tests and shutdown). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = [...this.outbox.values()];
    this.outbox.clear();
    // One flush at a time, in order, so notes leave in the order they were published.
    this.flushing = this.flushing.then(async () => {
      for (const { merchant, event, ids } of batch) {
        for (const payload of this.payloads(merchant, event, [...ids])) {
          try {
            await this.database.notify(MEMBER_EVENTS, payload);
          } catch (e) {
            this.onError(e);
          }
        }
      }
    });
    return this.flushing;
  }

  private enqueue(merchant: string, ids: number[], event: MemberEvent) {
    const group = JSON.stringify([merchant, event]);
    let entry = this.outbox.get(group);
    if (!entry) {
      entry = { merchant, event, ids: new Set() };
      this.outbox.set(group, entry);
    }
    for (const id of ids) entry.ids.add(id);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  /** As few NOTIFY payloads as fit the limit: the ids are split when there are many. */
  private payloads(merchant: string, event: MemberEvent, ids: number[]): string[] {
    const make = (u: number[]) => JSON.stringify({ o: this.origin, m: merchant, u, e: event } satisfies Note);
    const out: string[] = [];
    let chunk: number[] = [];
    let size = Buffer.byteLength(make([]));
    for (const id of ids) {
      const extra = String(id).length + 1;
      if (chunk.length && size + extra > MAX_NOTIFY_BYTES) {
        out.push(make(chunk));
        chunk = [];
        size = Buffer.byteLength(make([]));
      }
      chunk.push(id);
      size += extra;
    }
    if (chunk.length) out.push(make(chunk));
    return out;
  }

  private receive(payload: string) {
    const note = parseNote(payload);
    // Our own notes were delivered here when published.
    if (!note || note.o === this.origin || this.stopped) return;
    const event: MemberEvent = this.loaders.has(note.e.type) ? { type: note.e.type } : note.e;
    this.deliver(note.m, note.u, event);
  }

  private deliver(merchant: string, ids: readonly number[], event: MemberEvent) {
    const load = this.loaders.get(event.type);
    for (const id of ids) {
      const listeners = this.listeners.get(memberKey(merchant, id));
      if (!listeners?.size) continue;
      if (load) this.refresh(merchant, id, event.type, load);
      else for (const l of [...listeners]) this.call(l, event);
    }
  }

  /** Loads a member's state once and gives it to each of their listeners; coalesces bursts. */
  private refresh(merchant: string, memberId: number, type: string, load: EventLoader) {
    const key = `${memberKey(merchant, memberId)}\u0000${type}`;
    if (this.loading.has(key)) {
      this.loading.set(key, true);
      return;
    }
    this.loading.set(key, false);
    const run = async () => {
      for (;;) {
        try {
          const event = await load(merchant, memberId);
          const listeners = this.listeners.get(memberKey(merchant, memberId));
          if (event && listeners) for (const l of [...listeners]) this.call(l, event);
        } catch (e) {
          this.onError(e);
        }
        if (!this.loading.get(key) || this.stopped) break;
        this.loading.set(key, false);
      }
      this.loading.delete(key);
    };
    void run();
  }

  private call(listener: EventListener, event: MemberEvent) {
    try {
      listener(event);
    } catch (e) {
      this.onError(e);
    }
  }
}

/** A note from another process, or null when it is not one (the channel is open to any client). */
function parseNote(payload: string): Note | null {
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const { o, m, u, e } = raw as Partial<Note>;
  if (typeof o !== 'string' || typeof m !== 'string' || !Array.isArray(u)) return null;
  if (!u.every((id) => Number.isSafeInteger(id) && id > 0)) return null;
  if (typeof e !== 'object' || e === null || typeof e.type !== 'string' || !EVENT_TYPE.test(e.type)) {
    return null;
  }
  return { o, m, u, e };
}
