import { minorToDecimal, parseMoney, TX_TYPE } from '@aurum/contract';
import type { Database } from '../../platform/db.ts';
import type { Job } from '../../platform/jobs.ts';
import type { MerchantState, MerchantStore } from '../../platform/merchants.ts';
import { type Queryable, queryRows } from '../../platform/sql.ts';
import { isTrialType } from '../accounts/index.ts';
import { businessOffset, offsetMs } from '../agents/index.ts';
import { memberAccount, systemAccount } from '../wallet/index.ts';
import { merchantCodes } from './repository.ts';
import type { LoyaltyDeps } from './service.ts';

/**
 * Birthday bonus (docs/loyalty.md "Birthday bonus"): on the member's birthday (the profile's, on
 * the merchant's business day; 29 February on 28 February in other years), the amount of its VIP
 * level in config/loyalty.json `birthdayBonus`, once a year: one transfer from HOUSE:BIRTHDAY keyed
 * birthday:<member>:<year>, booked in loyalty_birthday_bonuses in the same transaction. It is a
 * bonus: the wagering default applies.
 */
export const LOYALTY_BIRTHDAY_JOB = 'loyalty-birthday';
export const HOUSE_BIRTHDAY = 'HOUSE:BIRTHDAY' as const;
export const birthdayKey = (memberId: number, year: number) => `birthday:${memberId}:${year}`;

const HOUR_MS = 3_600_000;

/** The business date of `nowMs`: { year, monthDay: "MM-DD" } and the birthdays it celebrates. */
export function birthdaysOn(nowMs: number, utcOffset: string) {
  const local = new Date(nowMs + offsetMs(utcOffset));
  const year = local.getUTCFullYear();
  const monthDay = local.toISOString().slice(5, 10);
  const leap = new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1;
  return { year, monthDays: monthDay === '02-28' && !leap ? ['02-28', '02-29'] : [monthDay] };
}

/** Pays today's birthday bonuses of one merchant; returns how many were paid. */
export async function payBirthdays(
  deps: LoyaltyDeps,
  merchant: MerchantState,
  nowMs: number,
): Promise<number> {
  const amounts = merchant.config.loyalty.birthdayBonus;
  if (Object.keys(amounts).length === 0) return 0;
  const { year, monthDays } = birthdaysOn(nowMs, businessOffset(merchant));
  const due = await queryRows<{ id: string; type: number; level: number }>(
    deps.database.db,
    `SELECT m.id::text AS id, m.type, coalesce(l.vip_level, 0) AS level
       FROM members m
       LEFT JOIN loyalty_members l ON l.merchant_code = m.merchant_code AND l.member_id = m.id
      WHERE m.merchant_code = $1 AND m.status = 'active'
        AND substr(m.profile ->> 'birthday', 6, 5) = ANY($2::text[])
        AND NOT EXISTS (SELECT 1 FROM loyalty_birthday_bonuses b
                         WHERE b.merchant_code = m.merchant_code AND b.member_id = m.id AND b.year = $3)`,
    [merchant.code, `{${monthDays.join(',')}}`, year],
  );
  let paid = 0;
  for (const row of due) {
    if (isTrialType(merchant, row.type)) continue;
    const text = amounts[String(row.level)];
    const amount = text === undefined ? 0n : (parseMoney(Number(text).toFixed(2)) ?? 0n);
    if (amount <= 0n) continue;
    const memberId = Number(row.id);
    const done = await deps.ledger.run(async (tx) => {
      const transfer = await deps.ledger.transfer(tx, {
        merchant: merchant.code,
        from: systemAccount(HOUSE_BIRTHDAY),
        to: memberAccount(memberId, 'MAIN'),
        amountMinor: amount,
        kind: TX_TYPE.bonus,
        idempotencyKey: birthdayKey(memberId, year),
        memo: `birthday bonus ${year} (${minorToDecimal(amount)})`,
        actor: 'loyalty',
      });
      const inserted = await queryRows<{ year: number }>(
        tx as Queryable,
        `INSERT INTO loyalty_birthday_bonuses (merchant_code, member_id, year, vip_level, amount, transfer_id, paid_at)
         VALUES ($1, $2, $3, $4, $5::bigint, $6, $7::timestamptz) ON CONFLICT DO NOTHING RETURNING year`,
        [
          merchant.code,
          memberId,
          year,
          row.level,
          amount.toString(),
          transfer.transferId,
          new Date(nowMs).toISOString(),
        ],
      );
      return inserted.length;
    });
    paid += done;
  }
  return paid;
}

/** Hourly (so a business day's start is never far off): pays the day's birthday bonuses, once a year each. */
export function birthdayJob(deps: LoyaltyDeps & { store: MerchantStore; database: Database }): Job {
  return {
    name: LOYALTY_BIRTHDAY_JOB,
    everyMs: HOUR_MS,
    run: async (now) => {
      let done = 0;
      for (const code of await merchantCodes(deps.database.db)) {
        const merchant = await deps.store.get(code);
        if (merchant) done += await payBirthdays(deps, merchant, now);
      }
      return done;
    },
  };
}
