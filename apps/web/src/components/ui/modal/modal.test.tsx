import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MODAL_FADE_MS, Modal } from './modal';
import { ModalTitle } from './modal-context';
import { scrollLockCount } from './scroll-lock';

function Harness({ nested = false }: { nested?: boolean }) {
  const [first, setFirst] = useState(false);
  const [second, setSecond] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setFirst(true)}>
        Open first
      </button>
      <Modal open={first} onClose={() => setFirst(false)}>
        <ModalTitle>First dialog</ModalTitle>
        <input aria-label="Name" />
        <button type="button">Save</button>
        {nested ? (
          <button type="button" onClick={() => setSecond(true)}>
            Open second
          </button>
        ) : null}
      </Modal>
      <Modal open={second} onClose={() => setSecond(false)}>
        <ModalTitle>Second dialog</ModalTitle>
        <button type="button">Inner</button>
      </Modal>
    </div>
  );
}

const afterFade = () => act(() => vi.advanceTimersByTimeAsync(MODAL_FADE_MS + 20));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  document.body.style.overflow = '';
});
afterEach(() => vi.useRealTimers());

describe('Modal', () => {
  it('is a named modal dialog', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open first' }));
    const dialog = screen.getByRole('dialog', { name: 'First dialog' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('locks page scroll while open and restores it after closing', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    document.body.style.overflow = 'scroll';
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open first' }));
    expect(document.body.style.overflow).toBe('hidden');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await afterFade();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('scroll');
    expect(scrollLockCount()).toBe(0);
  });

  it('keeps scroll locked until the last of stacked modals closes', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Harness nested />);
    await user.click(screen.getByRole('button', { name: 'Open first' }));
    await user.click(screen.getByRole('button', { name: 'Open second' }));
    expect(scrollLockCount()).toBe(2);

    await user.keyboard('{Escape}');
    await afterFade();
    expect(screen.queryByRole('dialog', { name: 'Second dialog' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'First dialog' })).toBeTruthy();
    expect(document.body.style.overflow).toBe('hidden');

    await user.keyboard('{Escape}');
    await afterFade();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes only the top modal on Escape and returns focus to its opener', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Harness nested />);
    const opener = screen.getByRole('button', { name: 'Open first' });
    await user.click(opener);
    const second = screen.getByRole('button', { name: 'Open second' });
    await user.click(second);

    await user.keyboard('{Escape}');
    await afterFade();
    expect(document.activeElement).toBe(second);

    await user.keyboard('{Escape}');
    await afterFade();
    expect(document.activeElement).toBe(opener);
  });

  it('moves focus into the dialog and traps Tab inside it', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open first' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(document.activeElement).toBe(name);

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
    await user.tab();
    // The close button comes first in the dialog: Shift+Tab from it wraps to the last control.
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('fades out over 100 ms before leaving the page', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open first' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    await afterFade();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
