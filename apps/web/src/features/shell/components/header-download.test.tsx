import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetThemeForTests } from '../../../lib/theme/theme-store';
import { renderWithApp } from '../../../testing/render';
import { Header } from './header';

// Under a loaded machine the settings fetch and lazy chunks can take over a second.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => resetThemeForTests());

describe('the header app-download link (spec §2 Header)', () => {
  it('goes to /down', async () => {
    const user = userEvent.setup();
    const { router } = renderWithApp(<Header account={null} />, {
      extraRoutes: [{ path: '/down', element: <h1>Download page</h1> }],
    });
    const link = screen.getByRole('link', { name: 'App download' });
    expect(link.getAttribute('href')).toBe('/down');
    await user.click(link);
    expect(router.state.location.pathname).toBe('/down');
    expect(await screen.findByRole('heading', { name: 'Download page' })).toBeTruthy();
  });
});
