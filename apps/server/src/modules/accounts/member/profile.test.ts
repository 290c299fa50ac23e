import {
  type Avatar,
  envelopeSchema,
  type MerchantConfig,
  type ProfileValue,
  routes,
  type ValidationRule,
} from '@aurum/contract';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock.ts';
import { hashPassword } from '../../../platform/crypto.ts';
import { queryRows } from '../../../platform/sql.ts';
import {
  createTestApp,
  DEMO_MERCHANT,
  engines,
  lastCodeSent,
  loginAs,
  nextIp,
  setFeature,
  setMerchantConfig,
  siteHeaders,
  type TestApp,
} from '../../../testing/app.ts';
import { expectFailure } from '../../../testing/expect.ts';
import { asDataUrl, jpegDataUrl, pngBytes, polyglots, storedFileCount } from '../../../testing/images.ts';
import { findById, insertMember } from './repository.ts';

const PASSWORD = 'Profile-Pass-42';

/** A real w×h png with a diagonal gradient (decodes with any decoder). */
function realPng(w: number, h: number): Buffer {
  const png = new PNG({ width: w, height: h });
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      png.data[i] = (x * 255) / w;
      png.data[i + 1] = (y * 255) / h;
      png.data[i + 2] = 128;
      png.data[i + 3] = 255;
    }
  return PNG.sync.write(png);
}

function realJpeg(w: number, h: number): Buffer {
  const data = Buffer.alloc(w * h * 4, 200);
  return jpeg.encode({ width: w, height: h, data }, 90).data;
}

describe.each(engines)('member profile and avatar on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => t.close());

  let seq = 0;
  const makeMember = async () => {
    seq += 1;
    const account = `prof${seq}`;
    const row = await insertMember(t.db.database.db, {
      merchantCode: DEMO_MERCHANT,
      account,
      userName: account,
      type: 0,
      mobile: `+6391755500${String(seq).padStart(2, '0')}`,
      passwordHash: await hashPassword(PASSWORD),
      passwordChangedAt: new Date(clock.now()),
      language: 'EN',
      createdAt: new Date(clock.now()),
    });
    const { token } = await loginAs(t.app, account, PASSWORD);
    return { id: row.id, account, token };
  };
  const call = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: siteHeaders(token ? { authorization: token } : {}),
      remoteAddress: nextIp(),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const profileOf = async (token: string) => {
    const res = await call('GET', routes.memberProfile.path, token);
    expect(res.statusCode).toBe(200);
    return (envelopeSchema(routes.memberProfile.response).parse(res.json()) as { value: ProfileValue }).value;
  };
  const field = (p: ProfileValue, key: string) => p.fields.find((f) => f.key === key)!;
  const stored = async (id: number) => (await findById(t.db.database.db, DEMO_MERCHANT, id))!;
  const setProfileRules = (rules: Partial<ValidationRule>[]) =>
    setMerchantConfig(t.app, (c: MerchantConfig) => {
      c.accounts.profileRules = rules.map((r) => ({
        enabled: true,
        required: false,
        minLength: 1,
        maxLength: 64,
        patternId: 'LENGTH',
        acceptedPattern: null,
        type: 'text',
        key: 'x',
        ...r,
      }));
    });

  describe('profile', () => {
    it('answers every field with its value, rule and state; GET /wps/member/info is unchanged', async () => {
      const m = await makeMember();
      const p = await profileOf(m.token);
      expect(p.fields.map((f) => f.key)).toContain('sourceOfIncome');
      expect(field(p, 'nickname')).toMatchObject({
        value: null,
        shown: true,
        required: false,
        locked: false,
      });
      expect(p).toMatchObject({ avatar: null, avatarEnabled: true, birthdayMinAge: 21 });
      const info = await call('GET', routes.memberInfo.path, m.token);
      expect(info.statusCode).toBe(200);
      expect(Object.keys(info.json().value)).not.toContain('fields');
    });

    it('stores a right change and answers the new profile', async () => {
      const m = await makeMember();
      const res = await call('POST', routes.memberProfileUpdate.path, m.token, {
        nickname: 'Lucky',
        birthday: '1990-05-17',
        telegram: 'luckyseven',
        address: '12 Ayala Avenue, Makati',
        sourceOfIncome: 'Salary',
      });
      expect(res.statusCode).toBe(200);
      const p = (
        envelopeSchema(routes.memberProfileUpdate.response).parse(res.json()) as { value: ProfileValue }
      ).value;
      expect(field(p, 'nickname').value).toBe('Lucky');
      expect(field(p, 'birthday')).toMatchObject({ value: '1990-05-17', locked: true });
      const row = await stored(m.id);
      expect(row.nickname).toBe('Lucky');
      expect(row.profile).toMatchObject({ telegram: 'luckyseven', sourceOfIncome: 'Salary' });
      // A later change of other fields keeps these; an optional one can be cleared.
      await call('POST', routes.memberProfileUpdate.path, m.token, { telegram: '', occupation: 'Chef' });
      const after = await stored(m.id);
      expect(after.profile.telegram).toBeUndefined();
      expect(after.profile).toMatchObject({ occupation: 'Chef', sourceOfIncome: 'Salary' });
    });

    it('refuses bad input with a 4xx envelope and stores nothing', async () => {
      const m = await makeMember();
      const before = await stored(m.id);
      expectFailure(
        await call('POST', routes.memberProfileUpdate.path, m.token, { nickname: 'ok', unknown: 'x' }),
        400,
        'request.invalid',
      );
      expectFailure(
        await call('POST', routes.memberProfileUpdate.path, m.token, { address: 'x'.repeat(201) }),
        400,
        'request.invalid',
      );
      expectFailure(
        await call('POST', routes.memberProfileUpdate.path, m.token, { nickname: 7 }),
        400,
        'request.invalid',
      );
      const bad = expectFailure(
        await call('POST', routes.memberProfileUpdate.path, m.token, {
          nickname: 'Fine',
          qqNum: 'abc12',
          birthday: '1990-02-30',
        }),
        400,
        'validation.failed',
      );
      expect(bad.details).toMatchObject({ qqNum: 'pattern_digits', birthday: 'pattern_date' });
      const after = await stored(m.id);
      expect({ nickname: after.nickname, profile: after.profile }).toEqual({
        nickname: before.nickname,
        profile: before.profile,
      });
    });

    it('refuses a birthday under 21 (spec §5) and keeps one at 21', async () => {
      const m = await makeMember();
      const young = expectFailure(
        await call('POST', routes.memberProfileUpdate.path, m.token, { birthday: '2005-03-02' }),
        400,
        'validation.failed',
      );
      expect(young.details).toEqual({ birthday: 'age_under_limit' });
      expect((await stored(m.id)).profile.birthday).toBeUndefined();
      const ok = await call('POST', routes.memberProfileUpdate.path, m.token, { birthday: '03-01-2005' });
      expect(ok.statusCode).toBe(200);
      expect((await stored(m.id)).profile.birthday).toBe('2005-03-01');
    });

    it('refuses changing a locked field: the birthday once set, the real name a withdrawal account uses', async () => {
      const m = await makeMember();
      await call('POST', routes.memberProfileUpdate.path, m.token, {
        birthday: '1980-01-01',
        payeeName: 'Juan Dela Cruz',
      });
      // Not yet used by a withdrawal account: the real name may still change.
      let p = await profileOf(m.token);
      expect(field(p, 'payeeName').locked).toBe(false);
      await queryRows(
        t.db.database.db,
        `INSERT INTO withdraw_accounts (merchant_code, member_id, type, provider, payee_name, account_number, created_at)
         VALUES ($1, $2, 'BANK', 'BDO', 'juan dela cruz', '1234567890', now())`,
        [DEMO_MERCHANT, m.id],
      );
      p = await profileOf(m.token);
      expect(field(p, 'payeeName')).toMatchObject({ value: 'Juan Dela Cruz', locked: true });
      expect(field(p, 'birthday').locked).toBe(true);
      const refused = expectFailure(
        await call('POST', routes.memberProfileUpdate.path, m.token, {
          payeeName: 'Someone Else',
          birthday: '1981-01-01',
          nickname: 'Changed',
        }),
        400,
        'validation.failed',
      );
      expect(refused.details).toEqual({ payeeName: 'field_locked', birthday: 'field_locked' });
      const row = await stored(m.id);
      expect(row.profile).toMatchObject({ payeeName: 'Juan Dela Cruz', birthday: '1980-01-01' });
      expect(row.nickname).toBeNull();
      // Sent unchanged (the whole form), a locked field passes.
      const same = await call('POST', routes.memberProfileUpdate.path, m.token, {
        payeeName: 'Juan Dela Cruz',
        birthday: '1980-01-01',
        nickname: 'Changed',
      });
      expect(same.statusCode).toBe(200);
    });

    it("enforces the merchant's rules on the server when the client is bypassed", async () => {
      const m = await makeMember();
      await setProfileRules([
        { key: 'occupation', required: true },
        { key: 'wechat', enabled: false },
        { key: 'zalo', patternId: 'DIGITS', minLength: 6, maxLength: 8 },
      ]);
      try {
        const p = await profileOf(m.token);
        expect(field(p, 'occupation')).toMatchObject({ shown: true, required: true });
        expect(field(p, 'wechat').shown).toBe(false);
        const refused = expectFailure(
          await call('POST', routes.memberProfileUpdate.path, m.token, {
            nickname: 'Ruled',
            wechat: 'wechat_id',
            zalo: '123456789',
          }),
          400,
          'validation.failed',
        );
        expect(refused.details).toEqual({
          occupation: 'input_required',
          wechat: 'unknown_field',
          zalo: 'length_invalid',
        });
        expect((await stored(m.id)).nickname).toBeNull();
        const ok = await call('POST', routes.memberProfileUpdate.path, m.token, {
          occupation: 'Driver',
          zalo: '1234567',
        });
        expect(ok.statusCode).toBe(200);
        expectFailure(
          await call('POST', routes.memberProfileUpdate.path, m.token, { occupation: '' }),
          400,
          'validation.failed',
        );
      } finally {
        await setProfileRules([]);
      }
    });

    it('answers 401 without a session', async () => {
      expectFailure(await call('GET', routes.memberProfile.path), 401, 'user.or.token.invalid');
      expectFailure(
        await call('POST', routes.memberProfileUpdate.path, undefined, { nickname: 'x' }),
        401,
        'user.or.token.invalid',
      );
      expectFailure(await call('GET', routes.memberIcon.path), 401, 'user.or.token.invalid');
      expectFailure(
        await call('POST', routes.memberIconUpload.path, 'not-a-token', {
          image: asDataUrl(realPng(64, 64)),
        }),
        401,
        'user.or.token.invalid',
      );
    });
  });

  describe('avatar', () => {
    it('takes a good png and a good jpg, and serves both sizes resized with caching headers', async () => {
      const m = await makeMember();
      const served: string[] = [];
      const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
      for (const [image, mime] of [
        [asDataUrl(realPng(300, 200)), 'image/png'],
        [asDataUrl(realJpeg(120, 160), 'image/jpeg'), 'image/jpeg'],
      ] as const) {
        const res = await call('POST', routes.memberIconUpload.path, m.token, { image });
        expect(res.statusCode).toBe(200);
        const { avatar } = (
          envelopeSchema(routes.memberIconUpload.response).parse(res.json()) as {
            value: { avatar: Avatar | null };
          }
        ).value;
        expect(avatar!.url).toMatch(/^\/wps\/avatar\/[0-9a-f]{64}\.(png|jpg)$/);
        for (const [url, side] of [
          [avatar!.url, 256],
          [avatar!.smallUrl, 64],
        ] as const) {
          // An <img> sends neither token nor Merchant header.
          const file = await t.app.inject({ method: 'GET', url });
          expect(file.statusCode).toBe(200);
          expect(file.headers['content-type']).toBe(mime);
          expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          expect(file.headers['x-content-type-options']).toBe('nosniff');
          const decoded =
            mime === 'image/png' ? PNG.sync.read(file.rawPayload) : jpeg.decode(file.rawPayload);
          expect([decoded.width, decoded.height]).toEqual([side, side]);
        }
        const icon = await call('GET', routes.memberIcon.path, m.token);
        expect(icon.json().value.avatar).toEqual(avatar);
        expect((await profileOf(m.token)).avatar).toEqual(avatar);
        // The avatar it replaced left the storage.
        for (const url of served) expect(await status(url)).toBe(404);
        served.splice(0, served.length, avatar!.url, avatar!.smallUrl);
      }
      const removed = await call('DELETE', routes.memberIconDelete.path, m.token);
      expect(removed.json()).toEqual({ success: true, value: { avatar: null } });
      expect((await stored(m.id)).avatar).toBeNull();
      for (const url of served) expect(await status(url)).toBe(404);
    });

    it('refuses a non-image, an oversized file, a polyglot and a picture that does not decode; stores nothing', async () => {
      const m = await makeMember();
      await setMerchantConfig(t.app, (c) => {
        c.accounts.avatarMaxBytes = 20_000;
      });
      try {
        const files = await storedFileCount();
        const refused: Record<string, string> = {
          'text as png': asDataUrl(Buffer.from('hello, not an image at all')),
          'gif as png': asDataUrl(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;')),
          oversized: asDataUrl(pngBytes(30_000)),
          'a 1x1 png (too small to be a picture)': asDataUrl(pngBytes()),
          'a jpg that only has the shape of one': jpegDataUrl(),
          'a png whose pixels are a zip': asDataUrl(zipInIdat()),
          ...polyglots(),
        };
        for (const [name, image] of Object.entries(refused)) {
          const res = await call('POST', routes.memberIconUpload.path, m.token, { image });
          expect({ name, status: res.statusCode, code: res.json().errorCode }).toEqual({
            name,
            status: 400,
            code: 'profile.avatar.invalid',
          });
        }
        expectFailure(
          await call('POST', routes.memberIconUpload.path, m.token, { image: 'data:image/gif;base64,R0lG' }),
          400,
          'request.invalid',
        );
        expectFailure(
          await call('POST', routes.memberIconUpload.path, m.token, {
            image: asDataUrl(realPng(32, 32)),
            x: 1,
          }),
          400,
          'request.invalid',
        );
        expect(await storedFileCount()).toBe(files);
        expect((await stored(m.id)).avatar).toBeNull();
      } finally {
        await setMerchantConfig(t.app, (c) => {
          c.accounts.avatarMaxBytes = 2 * 1024 * 1024;
        });
      }
    });

    it('is gated by PROFPIC3, and unknown avatar files are 404', async () => {
      const m = await makeMember();
      await setFeature(t.app, 'PROFPIC3', false);
      try {
        expectFailure(
          await call('POST', routes.memberIconUpload.path, m.token, { image: asDataUrl(realPng(32, 32)) }),
          403,
          'feature.disabled',
        );
        expectFailure(await call('GET', routes.memberIcon.path, m.token), 403, 'feature.disabled');
        expect((await profileOf(m.token)).avatarEnabled).toBe(false);
      } finally {
        await setFeature(t.app, 'PROFPIC3', true);
      }
      for (const name of [`${'a'.repeat(64)}.png`, '..%2f..%2fetc%2fpasswd', 'x.png']) {
        const res = await t.app.inject({ method: 'GET', url: `/wps/avatar/${name}` });
        expect(res.statusCode).toBe(404);
      }
    });
  });

  describe('preferred language', () => {
    it('is kept on the member and chooses the language of the SMS sent to it', async () => {
      const m = await makeMember();
      const row = await stored(m.id);
      const put = await call('PUT', routes.memberLanguage.path, m.token, { language: 'CN' });
      expect(put.statusCode).toBe(200);
      expect((await stored(m.id)).language).toBe('CN');
      // A reset code asked for from an English page still reaches the member in Chinese.
      await setFeature(t.app, 'PWRESETSMS3', true);
      const res = await t.app.inject({
        method: 'POST',
        url: routes.smsNoLogin.path,
        headers: siteHeaders({ language: 'EN' }),
        payload: { purpose: 'reset', mobileNum: row.mobile!.slice(3), countryDialingCode: '63' },
        remoteAddress: nextIp(),
      });
      expect(res.statusCode).toBe(200);
      await lastCodeSent(t, row.mobile!);
      const [sms] = await queryRows<{ body: string }>(
        t.db.database.db,
        'SELECT body FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
        [row.mobile],
      );
      expect(sms!.body).toMatch(/验证码/);
    });

    it('chooses the language of the password-reset email', async () => {
      const m = await makeMember();
      const email = `${m.account}@example.com`;
      await queryRows(t.db.database.db, 'UPDATE members SET email = $2, language = $3 WHERE id = $1', [
        m.id,
        email,
        'CN',
      ]);
      await setFeature(t.app, 'PASS3', true);
      const res = await call('POST', routes.forgotPasswordEmail.path, undefined, {
        username: m.account,
        email,
      });
      expect(res.statusCode).toBe(200);
      const [mail] = await queryRows<{ subject: string; body: string }>(
        t.db.database.db,
        'SELECT subject, body FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
        [email],
      );
      expect(mail!.subject).toMatch(/重置/);
      expect(mail!.body).toMatch(/密码重置码是[A-Z0-9]{10}/);
    });
  });
});

/** A png with a good header, chunk walk and CRCs whose IDAT holds a zip archive, not pixels. */
function zipInIdat(): Buffer {
  const good = realPng(20, 20);
  // IHDR chunk ends at 8 + 25 = 33; rebuild with one IDAT holding a zip's bytes.
  const crcOf = (b: Buffer) => {
    let crc = 0xffffffff;
    for (const x of b) {
      crc ^= x;
      for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
    }
    return (crc ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crcOf(body));
    return Buffer.concat([len, body, crc]);
  };
  const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(60, 0x41)]);
  return Buffer.concat([good.subarray(0, 33), chunk('IDAT', zip), chunk('IEND', Buffer.alloc(0))]);
}
