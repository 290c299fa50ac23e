import type { MerchantState } from '../../../platform/merchants.ts';

/** A member's VIP level and its name, as the public state shows it. */
export interface VipStanding {
  level: number;
  name: string;
}

export type VipStandingSource = (merchant: MerchantState, memberId: number) => Promise<VipStanding>;

/**
 * Where the member info finds the member's VIP standing: the loyalty area provides it when it is
 * installed (accounts cannot import loyalty, which builds on accounts); without it, VIP0.
 */
export class VipStandings {
  private source: VipStandingSource | null = null;

  use(source: VipStandingSource): void {
    this.source = source;
  }

  of(merchant: MerchantState, memberId: number): Promise<VipStanding> {
    return this.source ? this.source(merchant, memberId) : Promise.resolve({ level: 0, name: '' });
  }
}
