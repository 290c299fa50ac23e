/** Spec §4 Affiliate code field. */
export type AffiliateState =
  | { status: 'none' }
  | { status: 'checking'; code: string }
  | { status: 'valid'; code: string }
  | { status: 'invalid'; code: string };

/** The code a link carries: `affiliateCode`, or `code`. */
export function affiliateCodeFromUrl(search: string): string | null {
  const params = new URLSearchParams(search);
  const code = (params.get('affiliateCode') ?? params.get('code') ?? '').trim();
  return code || null;
}

/** Checks a link's code: valid keeps the field hidden and uses the code; invalid shows the field. */
export async function resolveAffiliate(
  code: string | null,
  check: (code: string) => Promise<unknown>,
): Promise<AffiliateState> {
  if (!code) return { status: 'none' };
  try {
    await check(code);
    return { status: 'valid', code };
  } catch {
    return { status: 'invalid', code };
  }
}

/** The field shows unless a link's code is being checked or was valid. */
export const affiliateFieldShown = (state: AffiliateState, ruleEnabled: boolean): boolean =>
  state.status === 'invalid' || (state.status === 'none' && ruleEnabled);
