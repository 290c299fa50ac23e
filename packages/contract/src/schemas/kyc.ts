import { z } from 'zod';
import { KYC_ID_TYPES, KYC_IMAGE_MAX_BYTES, KYC_STATUSES } from '../kyc-options.ts';
import { noBody, noQuery, route } from '../route-def.ts';
import { moneyTextSchema } from './wallet.ts';

/**
 * Know your customer (issue 13, docs/kyc.md): the member sends a photo of an identity document and
 * of a proof of address; an operator verifies or rejects it (`npm run ops -- kyc …`, the console's
 * player page). The merchant can require a verified member for a withdrawal above an amount
 * (cashier.json withdraw.verificationAbove).
 */

/** The largest body of the submit call: two photos as base64 data URLs and the rest. */
export const KYC_BODY_LIMIT_BYTES = 11 * 1024 * 1024;

/** A document photo: a png or jpg as a base64 data URL of at most KYC_IMAGE_MAX_BYTES decoded. */
export const kycImageSchema = z
  .string()
  .max(Math.ceil((KYC_IMAGE_MAX_BYTES * 4) / 3) + 64)
  .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/, 'a png or jpg image as a data URL');

/** GET /wps/member/kyc: where the member's verification stands. */
export const kycInfoSchema = z.object({
  status: z.enum(KYC_STATUSES),
  /** The document type of the latest submission; null before the first. */
  idType: z.enum(KYC_ID_TYPES).nullable(),
  /** Epoch ms of the latest submission and of its review. */
  submittedAt: z.number().int().nullable(),
  reviewedAt: z.number().int().nullable(),
  /** Why the latest submission was rejected (status rejected). */
  rejectReason: z.string().nullable(),
  /** A withdrawal above this amount needs status verified; null: the merchant never requires it. */
  requiredAbove: moneyTextSchema.nullable(),
});
export type KycInfo = z.infer<typeof kycInfoSchema>;

/** POST /wps/member/kyc: sends the documents (status none or rejected only). */
export const kycSubmitRequestSchema = z.strictObject({
  idType: z.enum(KYC_ID_TYPES),
  /** The identity document's photo page (or its front). */
  identityImage: kycImageSchema,
  /** A recent utility bill or bank statement showing the member's name and address. */
  addressImage: kycImageSchema,
});

export const kycRoutes = {
  kycInfo: route({
    method: 'GET',
    path: '/wps/member/kyc',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: kycInfoSchema,
  }),
  kycSubmit: route({
    method: 'POST',
    path: '/wps/member/kyc',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: kycSubmitRequestSchema,
    response: kycInfoSchema,
  }),
} as const;
