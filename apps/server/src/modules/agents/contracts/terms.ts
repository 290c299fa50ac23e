import type { ContractKind, ContractsConfig, ContractTerms, FeatureKey } from '@aurum/contract';
import {
  type CarryMode,
  ContractRuleError,
  checkAgainstUpline,
  type DividendTerms,
  parseTiers,
  type SalaryTerms,
  type Tier,
} from '@aurum/games';
import { AppError } from '../../../platform/errors.ts';
import type { MerchantState } from '../../../platform/merchants.ts';

/** The currency's minor units per unit: amounts in terms are decimals of the currency. */
const DECIMALS = 2;

/** Each kind's feature keys (all must be on; SIGNCONDIV3, their parent, gates the routes). */
const KIND_FEATURES: Record<ContractKind, readonly FeatureKey[]> = {
  dividend: ['DIVIDEND'],
  daily: ['DAYSAL', 'DAYSALCONT3'],
  hourly: ['HOURSAL3'],
  realtime: ['RTSALARY3'],
};

/** Each kind's brand flag (spec §6: enableCt, salary, hourSalary, agentRealtimeSalary). */
const KIND_FLAG: Record<
  ContractKind,
  keyof Pick<ContractsConfig, 'enableCt' | 'salary' | 'hourSalary' | 'agentRealtimeSalary'>
> = {
  dividend: 'enableCt',
  daily: 'salary',
  hourly: 'hourSalary',
  realtime: 'agentRealtimeSalary',
};

export const contractsConfig = (merchant: MerchantState): ContractsConfig => merchant.config.contracts;

export function kindEnabled(merchant: MerchantState, kind: ContractKind): boolean {
  return (
    contractsConfig(merchant)[KIND_FLAG[kind]] && KIND_FEATURES[kind].every((k) => merchant.features.has(k))
  );
}

export function requireKind(merchant: MerchantState, kind: ContractKind): void {
  if (!kindEnabled(merchant, kind)) throw new AppError('contract.kind.disabled');
}

/** The engine's refusals as the call's 400, with the rule that failed. */
export function asTermsError<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof ContractRuleError) {
      throw new AppError('contract.terms.invalid', undefined, { terms: error.message });
    }
    throw error;
  }
}

/** Tiers as the engine reads them (figures as strings or numbers, rates as decimal text). */
export function tiersOf(terms: ContractTerms): Tier[] {
  return parseTiers(
    terms.tiers.map((t) => ({
      min: Object.fromEntries(
        Object.entries(t.min).map(([k, v]) => [k, k === 'active' ? Number(v) : String(v)]),
      ),
      ...(t.percent !== undefined ? { percent: t.percent } : {}),
      ...(t.fixed !== undefined ? { fixed: t.fixed } : {}),
      ...(t.winPercent !== undefined ? { winPercent: t.winPercent } : {}),
    })),
    DECIMALS,
  );
}

export function salaryTerms(terms: ContractTerms): SalaryTerms {
  return {
    tiers: tiersOf(terms),
    ...(terms.unit !== undefined ? { unitMinor: toMinorUnits(terms.unit) } : {}),
  };
}

export function dividendTerms(terms: ContractTerms): DividendTerms {
  return {
    tiers: tiersOf(terms),
    carryMode: (terms.carryMode ?? 0) as CarryMode,
    ...(terms.serviceFee !== undefined ? { serviceFeePercent: terms.serviceFee } : {}),
    ...(terms.depositFee !== undefined ? { depositFeePercent: terms.depositFee } : {}),
  };
}

export function toMinorUnits(text: string): bigint {
  const [whole, fraction = ''] = text.split('.');
  if (fraction.length > DECIMALS) throw new ContractRuleError(`${text} has more than ${DECIMALS} decimals`);
  return BigInt(whole!) * 10n ** BigInt(DECIMALS) + BigInt(fraction.padEnd(DECIMALS, '0'));
}

/**
 * An offer's terms against the upline's own contract of the kind: the tiers parse (thresholds
 * go up), no rate above the upline's, and the kind's own fields only (a dividend's period, an
 * hourly salary's unit and slot).
 */
export function checkOffer(kind: ContractKind, offered: ContractTerms, upline: ContractTerms): void {
  asTermsError(() => {
    const tiers = tiersOf(offered);
    checkAgainstUpline(tiers, tiersOf(upline));
    const dividendOnly = ['period', 'carryMode', 'serviceFee', 'depositFee'] as const;
    if (kind !== 'dividend' && dividendOnly.some((k) => offered[k] !== undefined))
      throw new ContractRuleError('period, carry and fees belong to dividend contracts');
    if (
      kind === 'dividend' &&
      offered.period !== undefined &&
      offered.period !== (upline.period ?? 'half-monthly')
    )
      throw new ContractRuleError(
        `a dividend's period is the upline's own (${upline.period ?? 'half-monthly'})`,
      );
    if (kind !== 'hourly' && (offered.unit !== undefined || offered.slot !== undefined))
      throw new ContractRuleError('unit and slot belong to hourly salary contracts');
    if (kind === 'hourly' && offered.slot !== undefined && offered.slot !== (upline.slot ?? 'hour'))
      throw new ContractRuleError("an hourly salary's slot is the upline's own");
    if (kind === 'realtime' && tiers.some((t) => !t.winPercent))
      throw new ContractRuleError('a real-time salary tier has a loss rate (percent) and a win rate');
  });
}

/**
 * True when the downline's own contract (or offer) `theirs` promises more than `mine` pays on
 * the same figures: accepting `mine` would leave the downline paying out above what it earns.
 */
/** The offer as stored: the upline's period (dividends) and slot (hourly) where it names none. */
export function completeTerms(
  kind: ContractKind,
  offered: ContractTerms,
  upline: ContractTerms,
): ContractTerms {
  if (kind === 'dividend') return { ...offered, period: offered.period ?? upline.period ?? 'half-monthly' };
  if (kind === 'hourly') return { ...offered, slot: offered.slot ?? upline.slot ?? 'hour' };
  return offered;
}

export function exceeds(theirs: ContractTerms, mine: ContractTerms): boolean {
  try {
    checkAgainstUpline(tiersOf(theirs), tiersOf(mine));
    return false;
  } catch (error) {
    if (error instanceof ContractRuleError) return true;
    throw error;
  }
}
