import { randomBytes } from 'node:crypto';
import type { Database } from '../../platform/db.ts';
import type { RealtimeHub } from '../realtime/index.ts';

/** The NOTIFY channel of lottery issue events (merchant-wide). */
export const LOTTERY_EVENTS = 'lottery_events';

export type IssueEventStatus = 'drawn' | 'settled' | 'cancelled';

/** What the lottery service tells when an issue moves on. */
export interface LotteryNotifier {
  issueChanged(merchant: string, gameCode: string, issueNo: string, status: IssueEventStatus): void;
}

interface Note {
  o: string;
  m: string;
  g: string;
  i: string;
  s: IssueEventStatus;
}

const STATUSES: readonly string[] = ['drawn', 'settled', 'cancelled'];

/**
 * Tells every signed-in socket of the merchant, in every process, that an issue was drawn,
 * settled or cancelled: this process's sockets at once, the others through one NOTIFY each
 * (PostgreSQL; PGlite is one process). The pages then read the result, their tickets and their
 * balance.
 */
export class LotteryFanout implements LotteryNotifier {
  private readonly origin = randomBytes(8).toString('hex');
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly hub: RealtimeHub,
    private readonly onError: (e: unknown) => void,
  ) {}

  async start(): Promise<void> {
    if (this.database.kind === 'postgres')
      this.unlisten = await this.database.listen(LOTTERY_EVENTS, (p) => this.receive(p));
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
  }

  issueChanged(merchant: string, gameCode: string, issueNo: string, status: IssueEventStatus): void {
    const note: Note = { o: this.origin, m: merchant, g: gameCode, i: issueNo, s: status };
    this.apply(note);
    if (this.database.kind === 'postgres')
      this.database.notify(LOTTERY_EVENTS, JSON.stringify(note)).catch(this.onError);
  }

  private receive(payload: string) {
    let note: Note;
    try {
      note = JSON.parse(payload) as Note;
    } catch {
      return;
    }
    if (
      typeof note !== 'object' ||
      note === null ||
      note.o === this.origin ||
      typeof note.m !== 'string' ||
      typeof note.g !== 'string' ||
      typeof note.i !== 'string' ||
      !STATUSES.includes(note.s)
    )
      return;
    this.apply(note);
  }

  private apply(note: Note) {
    this.hub.broadcast(note.m, () => ({
      type: 'lottery',
      gameCode: note.g,
      issueNo: note.i,
      status: note.s,
    }));
  }
}
