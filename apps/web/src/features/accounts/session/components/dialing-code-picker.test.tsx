import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../../testing/render';
import { type DialingChoice, DialingCodePicker, initialChoice } from './dialing-code-picker';
import { forgotTabs } from './forgot-password-panel';

const countries = [
  { countryCode: 'PH', countryDialingCode: '63' },
  { countryCode: 'JP', countryDialingCode: '81' },
  { countryCode: 'TH', countryDialingCode: '66' },
];

describe('initial dialing code', () => {
  it('uses the given code if listed, else the current country, else the home market', () => {
    expect(initialChoice(countries, '+81', 'TH')).toEqual({ countryCode: 'JP', dialingCode: '81' });
    expect(initialChoice(countries, '999', 'TH')).toEqual({ countryCode: 'TH', dialingCode: '66' });
    expect(initialChoice(countries, undefined, null)).toEqual({ countryCode: 'PH', dialingCode: '63' });
  });
});

function Harness({ start }: { start: DialingChoice | null }) {
  const [value, setValue] = useState(start);
  return (
    <div>
      <p data-testid="outside">outside</p>
      <DialingCodePicker countries={countries} value={value} onChange={setValue} />
    </div>
  );
}

describe('DialingCodePicker', () => {
  it('stays hidden until both codes are set', async () => {
    renderWithApp(<Harness start={null} />);
    await screen.findByTestId('outside');
    expect(screen.queryByRole('button', { name: /Country code/ })).toBeNull();
  });

  it('opens and closes on click, closes on an outside click, and reports the picked code', async () => {
    renderWithApp(<Harness start={{ countryCode: 'PH', dialingCode: '63' }} />);
    const button = await screen.findByRole('button', { name: /Country code \+63/ });
    fireEvent.click(button);
    expect(screen.getByRole('list', { name: 'Country codes' })).toBeTruthy();
    fireEvent.click(button);
    expect(screen.queryByRole('list', { name: 'Country codes' })).toBeNull();
    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByTestId('outside'));
    expect(screen.queryByRole('list', { name: 'Country codes' })).toBeNull();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('button', { name: /\+81/ }));
    expect(screen.getByRole('button', { name: /Country code \+81/ })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Country codes' })).toBeNull();
  });
});

describe('forgot-password tabs', () => {
  it('shows the selector only with PWRESETSMS3, mobile first', () => {
    expect(forgotTabs(true)).toEqual({ tabs: ['mobile', 'email'], initial: 'mobile' });
    expect(forgotTabs(false)).toEqual({ tabs: ['email'], initial: 'email' });
  });
});
