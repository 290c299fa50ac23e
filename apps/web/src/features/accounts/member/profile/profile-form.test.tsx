import type { ProfileFieldState, ProfileValue } from '@aurum/contract';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE_EDIT_FIELDS, profileRule } from '../../../../lib/account/rules';
import { endSession, startSession } from '../../../../lib/session/session-store';
import { fail, fakeServer, ok } from '../../../../testing/fake-server';
import { renderWithApp } from '../../../../testing/render';
import { AvatarEditor, pictureKind } from './avatar-editor';
import { ProfileForm, profileChange } from './profile-form';

configure({ asyncUtilTimeout: 15_000 });

const settings = { rules: [], profileRules: [] };

function profileWith(over: Partial<Record<string, Partial<ProfileFieldState>>> = {}): ProfileValue {
  return {
    fields: PROFILE_EDIT_FIELDS.map((key) => {
      const rule = profileRule(settings, key);
      return {
        key,
        value: null,
        shown: true,
        required: false,
        locked: false,
        rule,
        ...over[key],
      };
    }),
    avatar: null,
    avatarEnabled: true,
    avatarMaxBytes: 2 * 1024 * 1024,
    birthdayMinAge: 21,
  };
}

const input = (name: string) =>
  document.querySelector<HTMLInputElement>(`[data-form="profile"] [data-field="${name}"] input`)!;

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  startSession('tok', 'demo');
});
afterEach(() => endSession());

const renderForm = async (profile: ProfileValue) => {
  renderWithApp(<ProfileForm profile={profile} />);
  await screen.findByRole('button', { name: 'Save profile' });
};

describe('the profile form', () => {
  it('shows the fields the rules show, marks required ones, and shows locked ones read-only with the reason', async () => {
    server = fakeServer({});
    await renderForm(
      profileWith({
        wechat: { shown: false },
        occupation: { required: true, rule: { ...profileRule(settings, 'occupation'), required: true } },
        payeeName: { value: 'Juan Dela Cruz', locked: true },
        birthday: { value: '1990-05-17', locked: true },
      }),
    );
    const form = document.querySelector('[data-form="profile"]') as HTMLElement;
    expect(form.querySelector('[data-field="wechat"]')).toBeNull();
    expect(
      within(form)
        .getByLabelText(/Occupation/)
        .getAttribute('aria-required'),
    ).toBe('true');
    expect(
      within(form)
        .getByLabelText(/Nickname/)
        .getAttribute('aria-required'),
    ).toBeNull();
    const realName = form.querySelector('[data-field="payeeName"]') as HTMLElement;
    expect(realName.getAttribute('data-locked')).toBe('true');
    expect(realName.textContent).toContain('Juan Dela Cruz');
    expect(realName.textContent).toContain('a withdrawal account uses this name');
    expect(realName.querySelector('input')).toBeNull();
    expect(form.querySelector('[data-field="birthday"]')?.textContent).toContain(
      'cannot be changed once set',
    );
    expect(server.calls).toHaveLength(0);
  });

  it('refuses a birthday under 21 and a value against its rule before sending anything', async () => {
    server = fakeServer({});
    await renderForm(profileWith());
    const user = userEvent.setup();
    fireEvent.change(input('birthday'), { target: { value: '2015-01-01' } });
    await user.type(input('qqNum'), 'abc12');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('You must be 21 or older.')).toBeTruthy();
    expect(input('qqNum').getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo('POST', '/wps/member/info/profile')).toHaveLength(0);
  });

  it('sends only what changed, and shows the server’s verdict on a field', async () => {
    server = fakeServer({
      'POST /wps/member/info/profile': (call) =>
        (call.body as Record<string, unknown>).telegram === 'takenname'
          ? fail(400, 'validation.failed', '', { telegram: 'not_accepted' })
          : ok(profileWith({ nickname: { value: 'Lucky' } })),
    });
    await renderForm(profileWith({ occupation: { value: 'Chef' } }));
    const user = userEvent.setup();
    await user.type(input('nickname'), 'Lucky');
    await user.clear(input('occupation'));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(server.callsTo('POST', '/wps/member/info/profile')).toHaveLength(1));
    expect(server.calls.at(-1)!.body).toEqual({ nickname: 'Lucky', occupation: null });

    await user.type(input('telegram'), 'takenname');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(input('telegram').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This value is not accepted.')).toBeTruthy();
  });

  it('never sends locked or hidden fields', () => {
    const p = profileWith({ payeeName: { value: 'A B', locked: true }, wechat: { shown: false } });
    expect(profileChange(p.fields, { payeeName: 'C D', wechat: 'x', zalo: ' 123456 ' })).toEqual({
      zalo: '123456',
    });
  });
});

describe('the avatar', () => {
  it('knows a png and a jpg by their bytes, not by their name', async () => {
    expect(
      await pictureKind(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])])),
    ).toBe('image/png');
    expect(await pictureKind(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])]))).toBe('image/jpeg');
    expect(await pictureKind(new Blob(['<svg onload=alert(1)>']))).toBeNull();
  });

  it('refuses a file that is not a picture, or too large, without sending it', async () => {
    server = fakeServer({});
    renderWithApp(<AvatarEditor avatar={null} maxBytes={1024} />);
    const file = await screen.findByLabelText('Upload a picture');
    await act(async () => {
      fireEvent.change(file, {
        target: { files: [new File(['not an image'], 'me.png', { type: 'image/png' })] },
      });
    });
    expect((await screen.findByRole('alert')).textContent).toContain('not a png or jpg picture');
    const big = new Uint8Array(2048);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await act(async () => {
      fireEvent.change(file, { target: { files: [new File([big], 'big.png', { type: 'image/png' })] } });
    });
    expect((await screen.findByRole('alert')).textContent).toContain('larger than 1 KB');
    expect(server.calls).toHaveLength(0);
  });

  it('falls back to the error image when the avatar fails to load', async () => {
    server = fakeServer({});
    renderWithApp(
      <AvatarEditor avatar={{ url: '/wps/avatar/a.png', smallUrl: '/wps/avatar/b.png' }} maxBytes={1024} />,
    );
    const img = await screen.findByAltText('Your avatar');
    expect(img.getAttribute('data-avatar')).toBe('own');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/media/fallback/avatar.svg');
    expect(img.getAttribute('data-avatar')).toBe('fallback');
  });
});
