import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleApp } from './console-app';
import { ok, serve } from './testing';

const argsOf = (body: unknown) => (body as { args: Record<string, unknown> }).args;
const commands = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === 'command').map((c) => argsOf(c.body));

/** The promo codes as `rewards codes` answers, changed by the scripted commands. */
function storedCodes(permissions: string[]) {
  const codes = [
    {
      code: 'WELCOME88',
      amount: '8.88',
      cap: 1000,
      used: 2,
      expiresAt: '2030-01-01T00:00:00.000Z',
      enabled: true,
    },
  ];
  return serve({
    me: ok({ name: 'fin', role: 'finance', permissions }),
    'command:promo-applications': ok([]),
    'command:rewards': (body) => {
      const args = argsOf(body);
      if (args.action === 'codes') return ok({ codes });
      if (args.action === 'code-create') {
        const made = {
          code: String(args.code).toUpperCase(),
          amount: String(args.amount),
          cap: Number(args.cap),
          used: 0,
          expiresAt: String(args.expires),
          enabled: true,
        };
        codes.push(made);
        return ok(made);
      }
      const found = codes.find((c) => c.code === args.code)!;
      found.enabled = args.action === 'code-enable';
      return ok(found);
    },
  });
}

describe('the console promo codes panel', () => {
  beforeEach(() => {
    window.localStorage.setItem('aurum-console-language', 'EN');
    window.history.replaceState(null, '', '/console/promotions');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('lists the codes, makes one and turns one off and on', async () => {
    const calls = storedCodes(['site.read', 'promotions.read', 'promotions.review']);
    render(<ConsoleApp />);
    const panel = await screen.findByRole('region', { name: 'Promo codes' });
    expect(await within(panel).findByText('WELCOME88')).toBeTruthy();
    expect(within(panel).getByText('2 / 1000')).toBeTruthy();

    const form = within(panel).getByRole('form', { name: 'New promo code' });
    fireEvent.change(within(form).getByLabelText('Code'), { target: { value: 'summer5' } });
    fireEvent.change(within(form).getByLabelText('Amount'), { target: { value: '5.50' } });
    fireEvent.change(within(form).getByLabelText('Uses allowed'), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Expires'), { target: { value: '2027-01-31T23:59' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Make the code' }));
    expect(await within(panel).findByText('Promo code SUMMER5 made.')).toBeTruthy();
    const created = commands(calls).find((a) => a.action === 'code-create');
    expect(created).toMatchObject({ command: 'rewards', code: 'summer5', amount: '5.50', cap: '3' });
    expect(Number.isNaN(Date.parse(String(created?.expires)))).toBe(false);
    expect(await within(panel).findByText('SUMMER5')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Turn off: WELCOME88' }));
    expect(await within(panel).findByText('Promo code WELCOME88 turned off.')).toBeTruthy();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Turn on: WELCOME88' }));
    expect(await within(panel).findByText('Promo code WELCOME88 turned on.')).toBeTruthy();
    expect(commands(calls).filter((a) => a.command === 'rewards' && a.action !== 'codes')).toEqual([
      expect.objectContaining({ action: 'code-create' }),
      { command: 'rewards', action: 'code-disable', code: 'WELCOME88' },
      { command: 'rewards', action: 'code-enable', code: 'WELCOME88' },
    ]);
  });

  it('shows the codes without the form and buttons to a role that may only read', async () => {
    storedCodes(['site.read', 'promotions.read']);
    render(<ConsoleApp />);
    const panel = await screen.findByRole('region', { name: 'Promo codes' });
    expect(await within(panel).findByText('WELCOME88')).toBeTruthy();
    await waitFor(() => expect(within(panel).queryByRole('form')).toBeNull());
    expect(within(panel).queryByRole('button', { name: /Turn off/ })).toBeNull();
  });
});
