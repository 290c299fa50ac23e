import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextsContext } from '../../texts';
import { cn } from '../../texts/cn';
import { BaccaratRules } from './rules';

describe('BaccaratRules', () => {
  it('lists every bet with what it pays and its house edge', () => {
    render(<BaccaratRules />);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'BetPaysHouse edge',
      'Player1 : 11.2351 %',
      'Banker0.95 : 11.0579 %',
      'Tie8 : 114.3596 %',
      'Player pair11 : 110.3614 %',
      'Banker pair11 : 110.3614 %',
    ]);
  });

  it('speaks Chinese from the Chinese catalogue', () => {
    render(
      <TextsContext.Provider value={cn}>
        <BaccaratRules />
      </TextsContext.Provider>,
    );
    expect(screen.getByRole('columnheader', { name: '庄家优势' })).toBeTruthy();
  });
});
