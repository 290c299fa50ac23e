import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollManager } from './scroll-manager';

afterEach(() => vi.clearAllMocks());

function renderAt(path: string) {
  const page = (id: string) => (
    <>
      <ScrollManager />
      <h1>{id}</h1>
      <section id="faq">faq</section>
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: page('home') },
      { path: '/promotions', element: page('promotions') },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('ScrollManager (spec §2: navigation scrolls to top, hash scroll is supported)', () => {
  it('leaves the page the browser opened where it is, then scrolls to the top on navigation', async () => {
    vi.resetModules();
    const fresh = await import('./scroll-manager');
    vi.mocked(window.scrollTo).mockClear();
    const router = createMemoryRouter([{ path: '*', element: <fresh.ScrollManager /> }], {
      initialEntries: ['/'],
    });
    render(<RouterProvider router={router} />);
    expect(window.scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/promotions'));
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('scrolls to the top on every route change', async () => {
    const router = renderAt('/');
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate('/promotions'));
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate('/promotions?page=2'));
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('scrolls a hash to the element with that id instead of the top', async () => {
    const router = renderAt('/');
    vi.mocked(window.scrollTo).mockClear();
    const into = vi.mocked(Element.prototype.scrollIntoView);
    into.mockClear();
    await act(() => router.navigate('/promotions#faq'));
    expect(into).toHaveBeenCalledTimes(1);
    expect(into.mock.contexts[0]).toBe(document.getElementById('faq'));
    expect(window.scrollTo).not.toHaveBeenCalled();
  });
});
