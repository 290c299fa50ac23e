import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { verificationCodes } from '../../../db/schema.ts';
import type { Clock } from '../../../platform/clock.ts';
import { sameHex, sha256Hex } from '../../../platform/crypto.ts';
import type { Database } from '../../../platform/db.ts';

export type CodeChannel = 'sms' | 'email';
export type CodePurpose = 'register' | 'reset' | 'login' | 'login-ip' | 'unlock' | 'bind' | 'paypw-reset';

export interface CodeTarget {
  merchantCode: string;
  channel: CodeChannel;
  purpose: CodePurpose;
  /** E.164 number, or the member's email address. */
  recipient: string;
  memberId?: number | null;
}

/** A code is burnt after this many wrong tries. */
export const MAX_CODE_ATTEMPTS = 5;

export type CodeCheck = 'ok' | 'invalid' | 'expired';

// The hash binds the code to where it was sent and what for: a register code cannot reset.
const codeHash = (t: CodeTarget, code: string) =>
  sha256Hex(`${t.merchantCode}|${t.channel}|${t.purpose}|${t.recipient}|${t.memberId ?? ''}|${code}`);

const sameTarget = (t: CodeTarget) =>
  and(
    eq(verificationCodes.merchantCode, t.merchantCode),
    eq(verificationCodes.channel, t.channel),
    eq(verificationCodes.purpose, t.purpose),
    eq(verificationCodes.recipient, t.recipient),
    t.memberId ? eq(verificationCodes.memberId, t.memberId) : isNull(verificationCodes.memberId),
  );

/**
 * One-time codes (SMS and email), stored hashed. Only the newest code of a target counts; it
 * is single use and allows MAX_CODE_ATTEMPTS tries.
 */
export class CodeStore {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  async issue(target: CodeTarget, code: string, ttlMs: number): Promise<void> {
    const now = this.clock.now();
    await this.database.db.transaction(async (tx) => {
      // A new code replaces any earlier one for the same target.
      await tx
        .update(verificationCodes)
        .set({ usedAt: new Date(now) })
        .where(and(sameTarget(target), isNull(verificationCodes.usedAt)));
      await tx.insert(verificationCodes).values({
        ...target,
        memberId: target.memberId ?? null,
        codeHash: codeHash(target, code),
        createdAt: new Date(now),
        expiresAt: new Date(now + ttlMs),
      });
    });
  }

  /** Checks and, when right, uses up the newest code of a target. */
  async consume(target: CodeTarget, code: string): Promise<CodeCheck> {
    const db = this.database.db;
    const now = this.clock.now();
    const [row] = await db
      .select()
      .from(verificationCodes)
      .where(and(sameTarget(target), isNull(verificationCodes.usedAt)))
      .orderBy(desc(verificationCodes.id))
      .limit(1);
    if (!row) return 'invalid';
    if (row.expiresAt.getTime() <= now) return 'expired';
    // Count the try before comparing, atomically, so parallel guesses share the budget.
    const counted = await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(
        and(
          eq(verificationCodes.id, row.id),
          isNull(verificationCodes.usedAt),
          lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS),
        ),
      )
      .returning({ id: verificationCodes.id });
    if (!counted.length || !sameHex(row.codeHash, codeHash(target, code))) {
      return 'invalid';
    }
    const used = await db
      .update(verificationCodes)
      .set({ usedAt: new Date(now) })
      .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
      .returning({ id: verificationCodes.id });
    return used.length ? 'ok' : 'invalid';
  }
}
