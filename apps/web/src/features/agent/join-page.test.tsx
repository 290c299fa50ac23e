import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../../testing/fake-server';
import { renderWithApp } from '../../testing/render';
import JoinPage from './join-page';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const join = {
  image: '/media/banners/register.svg',
  title: 'Join Aurum',
  text: 'Open a free account in a minute.',
  cta: 'Create my account',
  link: { linkageType: 'INTERNAL', target: '/register' },
};

describe('/join', () => {
  it("shows the operator's join content with its call to action", async () => {
    fakeServer({ 'GET /wps/content/pages': () => ok({ join, sponsors: [], marketing: [] }) });
    renderWithApp(<JoinPage />);
    expect(await screen.findByRole('heading', { name: 'Join Aurum' })).toBeTruthy();
    expect(screen.getByText('Open a free account in a minute.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create my account' }).getAttribute('href')).toBe('/register');
  });

  it('falls back to the built-in page without join content', async () => {
    fakeServer({ 'GET /wps/content/pages': () => ok({ join: null, sponsors: [], marketing: [] }) });
    renderWithApp(<JoinPage />);
    expect(await screen.findByRole('heading', { name: 'Join us' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register now' })).toBeTruthy();
  });
});
