/**
 * Know your customer's fixed values, schema-free so the browser can import them (through
 * apps/web/src/lib/contract.ts) without evaluating the zod schemas of schemas/kyc.ts.
 */

/** none: nothing sent yet; pending: sent, waiting for review; verified; rejected (with a reason). */
export const KYC_STATUSES = ['none', 'pending', 'verified', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** The identity documents a member can send. */
export const KYC_ID_TYPES = ['passport', 'nationalId', 'driverLicence'] as const;
export type KycIdType = (typeof KYC_ID_TYPES)[number];

/** The largest document photo, decoded (the site scales a larger photo down before sending it). */
export const KYC_IMAGE_MAX_BYTES = 4 * 1024 * 1024;
