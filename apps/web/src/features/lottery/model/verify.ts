import { drawIssue, ISSUE_ID_PATTERN, type LotteryDraw, type Zodiac } from '@aurum/games';
import type { FamilyKey } from './families';

/** A server seed: 32 bytes as 64 lower-case hex characters (docs/lottery-draws.md). */
export const SEED_PATTERN = /^[0-9a-f]{64}$/;

/** What the verifier is given: the seed, the issue id, the game type, and the commitment to check. */
export interface VerifyInput {
  seed: string;
  issueId: string;
  kind: FamilyKey;
  /** LHC only: the lunar year's animal of the draw date. */
  year: Zodiac | null;
  /** The SHA-256 published before the sale; empty: not checked. */
  commitment: string;
}

export type VerifyProblem = 'seed' | 'issueId' | 'commitment' | 'year';

export interface Verified {
  /** SHA-256 of the seed as computed here. */
  hash: string;
  /** Whether it equals the commitment; null when none was given. */
  commitmentOk: boolean | null;
  /** The draw recomputed here from the seed and the issue id. */
  draw: LotteryDraw;
}

/** hex(SHA-256(UTF-8 bytes of text)), by the browser's WebCrypto. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** What is wrong with the input, or null. */
export function verifyProblem(input: VerifyInput): VerifyProblem | null {
  if (!SEED_PATTERN.test(input.seed.trim())) return 'seed';
  if (!ISSUE_ID_PATTERN.test(input.issueId.trim())) return 'issueId';
  const c = input.commitment.trim().toLowerCase();
  if (c !== '' && !SEED_PATTERN.test(c)) return 'commitment';
  if (input.kind === 'lhc' && input.year === null) return 'year';
  return null;
}

/**
 * Checks the seed against its commitment and recomputes the draw with the engine's drawIssue,
 * here in the browser: the same code the server draws with (docs/lottery-draws.md).
 */
export async function verifyDraw(input: VerifyInput): Promise<Verified> {
  const seed = input.seed.trim();
  const hash = await sha256Hex(seed);
  const commitment = input.commitment.trim().toLowerCase();
  const [family, layout] = input.kind.startsWith('vn-')
    ? (['vn', input.kind.slice(3)] as const)
    : ([input.kind, undefined] as const);
  const draw = drawIssue(
    {
      family: family as LotteryDraw['family'],
      ...(layout === 'mb' || layout === 'mn' ? { layout } : {}),
      ...(input.kind === 'lhc' && input.year ? { year: input.year } : {}),
    },
    seed,
    input.issueId.trim(),
  );
  return { hash, commitmentOk: commitment === '' ? null : hash === commitment, draw };
}

/** A value with its object keys sorted, so two draws compare whatever order their fields came in. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
}

/** Whether the draw computed here is the one the site published. */
export const sameDraw = (computed: LotteryDraw, published: unknown): boolean =>
  JSON.stringify(canonical(computed)) === JSON.stringify(canonical(published));
