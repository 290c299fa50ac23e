import { and, eq, lt } from 'drizzle-orm';
import { captchas } from '../../../db/schema.ts';
import { type Clock, MINUTE_MS } from '../../../platform/clock.ts';
import { randomId, sameHex, sha256Hex } from '../../../platform/crypto.ts';
import type { Database } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { enforceLimit, type RateLimiter } from '../../../platform/rate-limit.ts';
import { captchaSvg, randomCaptchaText } from '../security/captcha-image.ts';

const CAPTCHA_TTL_MS = 2 * MINUTE_MS;
/** Beyond the one-per-second throttle: a ceiling per client per 10 minutes. */
const CAPTCHAS_PER_10_MIN = 100;
const PURGE_EVERY = 200;

const answerHash = (id: string, answer: string) => sha256Hex(`${id}:${answer.trim().toUpperCase()}`);

/** The reply to a failed or missing captcha tells the form to show one (value captcha: true). */
const captchaError = (code: 'captcha.required' | 'captcha.invalid') =>
  new AppError(code, undefined, { captcha: 'true' });

/**
 * Image captchas: the answer is stored hashed with a short expiry and is good for one attempt,
 * right or wrong. The text source is injectable so tests can answer.
 */
export class CaptchaService {
  private issued = 0;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly text: () => string = randomCaptchaText,
  ) {}

  async issue(merchantCode: string, ip: string) {
    await enforceLimit(this.limiter, `captcha:10m:${ip}`, CAPTCHAS_PER_10_MIN, 10 * MINUTE_MS);
    const captchaId = randomId();
    const answer = this.text();
    const now = this.clock.now();
    const expiresAt = now + CAPTCHA_TTL_MS;
    await this.database.db.insert(captchas).values({
      id: captchaId,
      merchantCode,
      answerHash: answerHash(captchaId, answer),
      expiresAt: new Date(expiresAt),
    });
    if (++this.issued % PURGE_EVERY === 0) {
      await this.database.db.delete(captchas).where(lt(captchas.expiresAt, new Date(now)));
    }
    return { captchaId, image: Buffer.from(captchaSvg(answer)).toString('base64'), expiresAt };
  }

  /** Accepts a right, fresh answer once; throws captcha.required or captcha.invalid otherwise. */
  async verify(
    merchantCode: string,
    captchaId: string | undefined,
    answer: string | undefined,
  ): Promise<void> {
    if (!captchaId || !answer?.trim()) throw captchaError('captcha.required');
    const [row] = await this.database.db
      .delete(captchas)
      .where(and(eq(captchas.id, captchaId), eq(captchas.merchantCode, merchantCode)))
      .returning();
    const fresh = row && row.expiresAt.getTime() > this.clock.now();
    if (!fresh || !sameHex(row.answerHash, answerHash(captchaId, answer)))
      throw captchaError('captcha.invalid');
  }
}
