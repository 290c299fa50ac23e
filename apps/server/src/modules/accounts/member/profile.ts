import {
  type Avatar,
  normaliseBirthday,
  PROFILE_EDIT_FIELDS,
  type ProfileEditField,
  type ProfileValue,
  type ProfileValues,
  profileRule,
  type profileUpdateSchema,
  type ValidationRule,
  validateProfile,
} from '@aurum/contract';
import type { z } from 'zod';
import type { MemberAvatar, MemberProfile, MemberRow } from '../../../db/schema.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Database } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { decodeImage, encodeImage, squareResize } from '../../../platform/image-resize.ts';
import type { MerchantState } from '../../../platform/merchants.ts';
import type { BlobStorage } from '../../../platform/storage.ts';
import { readUploadedImage } from '../../../platform/upload-image.ts';
import { accountSettings, requireRealAccount } from '../security/settings.ts';
import { replaceAvatar, updateMember } from './repository.ts';

type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** Where avatars are kept in the blob storage; the serving route reads only this prefix. */
export const AVATAR_PREFIX = 'avatar';
/** The two sizes the server makes of every avatar (px, square). */
export const AVATAR_LARGE = 256;
export const AVATAR_SMALL = 64;
/** The public path avatars are served under: `/wps/avatar/<name>.<png|jpg>`. */
export const AVATAR_PATH = '/wps/avatar';

export interface ProfileDeps {
  database: Database;
  clock: Clock;
  storage: BlobStorage;
  /** Whether a withdrawal account of the member was bound with this payee name (the cashier's). */
  payeeNameInUse: (merchantCode: string, memberId: number, payeeName: string) => Promise<boolean>;
}

/** An avatar's storage key as its public URL: the key's file name under AVATAR_PATH. */
export const avatarUrl = (key: string) => `${AVATAR_PATH}/${key.slice(key.lastIndexOf('/') + 1)}`;

/** The storage key of a public avatar file name, or null when the name is not one. */
export function avatarKeyOf(name: string): string | null {
  const m = /^([0-9a-f]{64})\.(png|jpg)$/.exec(name);
  return m ? `${AVATAR_PREFIX}/${m[1]!.slice(0, 2)}/${m[1]}.${m[2]}` : null;
}

export const presentAvatar = (a: MemberAvatar | null): Avatar | null =>
  a ? { url: avatarUrl(a.large), smallUrl: avatarUrl(a.small) } : null;

/** The values as the member has them: the nickname has its own column, the rest is in profile. */
function currentValues(m: MemberRow): ProfileValues {
  const values: ProfileValues = {};
  for (const field of PROFILE_EDIT_FIELDS) {
    values[field] = field === 'nickname' ? m.nickname : (m.profile[field] ?? null);
  }
  return values;
}

/**
 * The member's profile (issue 13): the fields of PROFILE_EDIT_FIELDS under the merchant's rules,
 * checked by the contract's validateProfile (the web form runs the same), and the avatar.
 */
export class ProfileService {
  constructor(private readonly deps: ProfileDeps) {}

  private rules(merchant: MerchantState): Record<ProfileEditField, ValidationRule> {
    const settings = accountSettings(merchant);
    return Object.fromEntries(PROFILE_EDIT_FIELDS.map((f) => [f, profileRule(settings, f)])) as Record<
      ProfileEditField,
      ValidationRule
    >;
  }

  /** Fields set and no longer changeable: the birthday, and the real name a withdrawal account uses. */
  private async locked(merchant: MerchantState, m: MemberRow): Promise<ProfileEditField[]> {
    const locked: ProfileEditField[] = [];
    const name = m.profile.payeeName;
    if (name && (await this.deps.payeeNameInUse(merchant.code, m.id, name))) locked.push('payeeName');
    if (m.profile.birthday) locked.push('birthday');
    return locked;
  }

  async get(merchant: MerchantState, m: MemberRow): Promise<ProfileValue> {
    const rules = this.rules(merchant);
    const locked = await this.locked(merchant, m);
    const values = currentValues(m);
    const settings = accountSettings(merchant);
    return {
      fields: PROFILE_EDIT_FIELDS.map((key) => ({
        key,
        value: values[key] ?? null,
        shown: rules[key].enabled,
        required: rules[key].enabled && rules[key].required,
        locked: locked.includes(key),
        rule: rules[key],
      })),
      avatar: merchant.features.has('PROFPIC3') ? presentAvatar(m.avatar) : null,
      avatarEnabled: merchant.features.has('PROFPIC3'),
      avatarMaxBytes: settings.avatarMaxBytes,
      birthdayMinAge: settings.birthdayMinAge,
    };
  }

  /** Checks the change with the merchant's rules and stores it whole, or refuses it whole. */
  async update(merchant: MerchantState, member: MemberRow, body: ProfileUpdate): Promise<ProfileValue> {
    requireRealAccount(merchant, member);
    const change: ProfileValues = {};
    for (const [key, value] of Object.entries(body) as [ProfileEditField, string | null | undefined][]) {
      if (value === undefined) continue;
      const trimmed = value === null ? '' : value.trim();
      change[key] = trimmed === '' ? null : trimmed;
    }
    const problems = validateProfile(change, {
      rules: this.rules(merchant),
      current: currentValues(member),
      locked: await this.locked(merchant, member),
      birthdayMinAge: accountSettings(merchant).birthdayMinAge,
      today: new Date(this.deps.clock.now()),
    });
    if (Object.keys(problems).length) {
      throw new AppError(
        'validation.failed',
        undefined,
        Object.fromEntries(Object.entries(problems).map(([f, p]) => [f, p.key])),
      );
    }
    const profile: MemberProfile = { ...member.profile };
    let nickname = member.nickname;
    for (const [key, value] of Object.entries(change) as [ProfileEditField, string | null][]) {
      if (key === 'nickname') {
        nickname = value;
        continue;
      }
      if (value === null) delete profile[key];
      else profile[key] = key === 'birthday' ? normaliseBirthday(value) : value;
    }
    const row = await updateMember(this.deps.database.db, member.id, { profile, nickname });
    return this.get(merchant, row ?? member);
  }

  /**
   * A new avatar: png or jpg by content (readUploadedImage), decoded whole (a polyglot or a broken
   * picture fails), the centred square resized to 256 and 64 px, both stored, then the member's
   * keys replaced. Anything refused is profile.avatar.invalid and changes nothing.
   */
  async uploadAvatar(merchant: MerchantState, member: MemberRow, dataUrl: string) {
    requireRealAccount(merchant, member);
    const max = accountSettings(merchant).avatarMaxBytes;
    const image = readUploadedImage(dataUrl, max, 'profile.avatar.invalid');
    const pixels = decodeImage(image);
    if (!pixels) throw new AppError('profile.avatar.invalid');
    const { storage, database } = this.deps;
    const large = await storage.put(
      AVATAR_PREFIX,
      encodeImage(squareResize(pixels, AVATAR_LARGE), image.mime),
      image.mime,
    );
    const small = await storage.put(
      AVATAR_PREFIX,
      encodeImage(squareResize(pixels, AVATAR_SMALL), image.mime),
      image.mime,
    );
    const avatar: MemberAvatar = { large, small };
    const replaced = await replaceAvatar(database.db, member.id, avatar);
    await this.dropFiles(replaced);
    return { avatar: presentAvatar(avatar) };
  }

  /** The files of an avatar no longer used (replaced or removed) leave the storage. */
  private async dropFiles(avatar: MemberAvatar | null) {
    if (!avatar) return;
    await Promise.all([this.deps.storage.delete(avatar.large), this.deps.storage.delete(avatar.small)]);
  }

  avatar(member: MemberRow) {
    return { avatar: presentAvatar(member.avatar) };
  }

  async removeAvatar(member: MemberRow) {
    await this.dropFiles(await replaceAvatar(this.deps.database.db, member.id, null));
    return { avatar: null };
  }

  /** The bytes of a served avatar file, or null when the name is not one that was stored. */
  async file(name: string) {
    const key = avatarKeyOf(name);
    return key ? this.deps.storage.get(key) : null;
  }
}
