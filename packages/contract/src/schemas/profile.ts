import { z } from 'zod';
import { PROFILE_EDIT_FIELDS, PROFILE_VALUE_MAX } from '../profile.ts';
import { validationRuleSchema } from '../validation-rules.ts';
import { AVATAR_MAX_BYTES } from './account.ts';

/** One profile field as the member sees it: its value and what the merchant's rules make of it. */
export const profileFieldSchema = z.object({
  key: z.enum(PROFILE_EDIT_FIELDS),
  value: z.string().nullable(),
  /** The rule switches the field on. */
  shown: z.boolean(),
  required: z.boolean(),
  /** Set and no longer changeable (the real name once a withdrawal account uses it, the birthday). */
  locked: z.boolean(),
  /** The rule itself, so the form checks with the same evaluator as the server. */
  rule: validationRuleSchema,
});
export type ProfileFieldState = z.infer<typeof profileFieldSchema>;

/** The member's avatar: its resized images at stable, cacheable URLs; null when none. */
export const avatarSchema = z.object({
  /** 256 px square. */
  url: z.string(),
  /** 64 px square (the header). */
  smallUrl: z.string(),
});
export type Avatar = z.infer<typeof avatarSchema>;

export const profileValueSchema = z.object({
  fields: z.array(profileFieldSchema),
  avatar: avatarSchema.nullable(),
  /** PROFPIC3: the member may upload an avatar. */
  avatarEnabled: z.boolean(),
  /** The largest avatar file the merchant takes, in bytes. */
  avatarMaxBytes: z.number().int(),
  /** Birthdays must show at least this age (spec §5: 21). */
  birthdayMinAge: z.number().int(),
});
export type ProfileValue = z.infer<typeof profileValueSchema>;

const profileValue = z.string().max(PROFILE_VALUE_MAX).nullable().optional();

/**
 * A profile change: the fields sent are set (empty or null clears an optional one), the others
 * keep their value. Unknown fields are refused.
 */
export const profileUpdateSchema = z.strictObject(
  Object.fromEntries(PROFILE_EDIT_FIELDS.map((f) => [f, profileValue])) as Record<
    (typeof PROFILE_EDIT_FIELDS)[number],
    typeof profileValue
  >,
);

/** An avatar upload: a png or jpg data URL (checked by content and decoded on the server). */
export const avatarUploadSchema = z.strictObject({
  image: z
    .string()
    .max(Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 64)
    .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/, 'a png or jpg image as a data URL'),
});
/** The largest JSON body of an avatar upload. */
export const AVATAR_BODY_LIMIT_BYTES = Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 16 * 1024;

export const avatarValueSchema = z.object({ avatar: avatarSchema.nullable() });
