import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../../../../testing/fake-server';
import { registerSettings, validationRule as rule } from '../../../../testing/fixtures';
import { renderWithApp } from '../../../../testing/render';
import { RegisterPanel } from './register-panel';

// Under a loaded machine the settings fetch and lazy chunks can take over a second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => vi.unstubAllGlobals());

const settings = registerSettings([
  rule({ key: 'username', minLength: 4, maxLength: 16, patternId: 'LETTER_FIRST_ALNUM' }),
  rule({ key: 'password', minLength: 8, maxLength: 128, type: 'password' }),
]);

describe('register password toggles (spec §4: independent for password and confirmation)', () => {
  it('each show/hide toggle reveals only its own field', async () => {
    fakeServer({ 'GET /wps/system/setting/register': () => ok(settings) });
    const user = userEvent.setup();
    renderWithApp(<RegisterPanel inModal={false} onSwitch={() => {}} onRegistered={() => {}} />);
    const password = await screen.findByLabelText('Password', { exact: true });
    const confirm = screen.getByLabelText('Confirm password');
    const toggleOf = (input: HTMLElement) =>
      screen
        .getAllByRole('button', { name: /^(Show|Hide) password$/ })
        .find((b) => b.getAttribute('aria-controls') === input.id) as HTMLElement;
    expect(password.getAttribute('type')).toBe('password');
    expect(confirm.getAttribute('type')).toBe('password');

    await user.click(toggleOf(password));
    expect(password.getAttribute('type')).toBe('text');
    expect(confirm.getAttribute('type')).toBe('password');
    expect(toggleOf(password).getAttribute('aria-label')).toBe('Hide password');
    expect(toggleOf(confirm).getAttribute('aria-label')).toBe('Show password');

    await user.click(toggleOf(confirm));
    await user.click(toggleOf(password));
    expect(password.getAttribute('type')).toBe('password');
    expect(confirm.getAttribute('type')).toBe('text');
  });
});
