import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MerchantConfig } from '@aurum/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { MemberRow } from '../../../db/schema.ts';
import { hashPassword } from '../../../platform/crypto.ts';
import type { Database } from '../../../platform/db.ts';
import { dialingCodeOf, normaliseMobile } from '../verification/phone.ts';
import { countMembers, findByAccount, insertMember } from './repository.ts';

const demoAccountsSchema = z.array(
  z.strictObject({
    account: z.string().min(1).max(64),
    password: z.string().min(1).max(128),
    type: z.number().int(),
    nickname: z.string().max(64).optional(),
    affiliateCode: z
      .string()
      .regex(/^[A-Za-z0-9]{1,32}$/)
      .optional(),
    /** The account of the upline, listed earlier in the file. */
    upline: z.string().optional(),
    email: z.string().max(255).optional(),
    /** E.164. */
    mobile: z.string().optional(),
  }),
);

/** Any constant: serialises seeding when several processes start at once. */
const SEED_LOCK = 7_270_002;

/**
 * Creates the demo accounts of config/demo-accounts.json when the merchant has no members yet
 * (first start). A missing file means no demo accounts. Returns the accounts created.
 */
export async function seedDemoAccounts(
  database: Database,
  configDir: string,
  merchant: MerchantConfig,
): Promise<string[]> {
  const accounts = await readDemoAccounts(configDir);
  if (!accounts.length) return [];
  const merchantCode = merchant.brand.merchant;
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    if ((await countMembers(tx, merchantCode)) > 0) return [];
    const created: string[] = [];
    for (const a of accounts) {
      const upline: MemberRow | null = a.upline ? await findByAccount(tx, merchantCode, a.upline) : null;
      if (a.upline && !upline)
        throw new Error(`demo account ${a.account}: upline ${a.upline} is not listed before it`);
      const mobile = a.mobile ? normaliseMobile(a.mobile, dialingCodeOf(a.mobile) ?? '') : null;
      if (a.mobile && !mobile)
        throw new Error(`demo account ${a.account}: ${a.mobile} is not a mobile number`);
      const now = new Date();
      await insertMember(tx, {
        merchantCode,
        account: a.account,
        userName: a.account,
        nickname: a.nickname ?? null,
        email: a.email ?? null,
        mobile,
        countryDialingCode: mobile ? dialingCodeOf(mobile) : null,
        type: a.type,
        upline,
        affiliateCode: a.affiliateCode ?? null,
        profile: { registerMethod: 'SEED' },
        passwordHash: await hashPassword(a.password),
        passwordChangedAt: now,
        language: merchant.brand.defaultLang,
        createdAt: now,
      });
      created.push(a.account);
    }
    return created;
  });
}

async function readDemoAccounts(configDir: string) {
  const file = path.join(configDir, 'demo-accounts.json');
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  const parsed = demoAccountsSchema.safeParse(JSON.parse(raw));
  if (!parsed.success) {
    const list = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`${file} is not valid:\n  ${list.join('\n  ')}`);
  }
  return parsed.data;
}
