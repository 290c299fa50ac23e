import type { Clock } from '../../platform/clock.ts';

/** Calls refused as untrusted (401) that one address may make in a window… */
export const MAX_UNTRUSTED_CALLS = 30;
/** …of this long, counted from its first such call; then it is refused (429) until the window ends. */
export const UNTRUSTED_WINDOW_MS = 60_000;
/** Addresses tracked at once; past this, ended windows are dropped (and all, if none had ended). */
const MAX_TRACKED = 10_000;

/**
 * Turns away an address that keeps sending the seamless routes calls they cannot trust (no or a
 * wrong signature, an unknown vendor). Kept in memory, per process: it guards the signature check
 * from floods at no cost to a vendor's correctly signed calls, which never touch it.
 */
export class UntrustedCallGate {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly clock: Clock) {}

  /** How long the address must wait before it may call again, 0 when it may call now. */
  waitFor(address: string): number {
    const w = this.windows.get(address);
    if (!w) return 0;
    const left = w.endsAt - this.clock.now();
    if (left <= 0) {
      this.windows.delete(address);
      return 0;
    }
    return w.count >= MAX_UNTRUSTED_CALLS ? left : 0;
  }

  /** Counts one call of the address refused as untrusted. */
  refused(address: string): void {
    const now = this.clock.now();
    const w = this.windows.get(address);
    if (w && w.endsAt > now) {
      w.count += 1;
      return;
    }
    if (this.windows.size >= MAX_TRACKED) this.prune(now);
    this.windows.set(address, { count: 1, endsAt: now + UNTRUSTED_WINDOW_MS });
  }

  private prune(now: number) {
    for (const [address, w] of this.windows) if (w.endsAt <= now) this.windows.delete(address);
    if (this.windows.size >= MAX_TRACKED) this.windows.clear();
  }
}
