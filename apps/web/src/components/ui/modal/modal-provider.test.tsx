import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MODAL_FADE_MS } from './modal';
import { ModalTitle } from './modal-context';
import { type ModalBodyProps, ModalProvider, type ModalRegistry, useModal } from './modal-provider';

function Help({ close }: ModalBodyProps<'help'>) {
  return (
    <>
      <ModalTitle>Help centre</ModalTitle>
      <button type="button" onClick={close}>
        Done
      </button>
    </>
  );
}

function Launch({ params }: ModalBodyProps<'gameLaunch'>) {
  return <ModalTitle>Start {params.name}</ModalTitle>;
}

const registry: ModalRegistry = {
  announcement: null,
  notice: null,
  login: null,
  register: null,
  changePassword: null,
  forgotPassword: null,
  help: { Body: Help },
  feedback: null,
  gameLaunch: { Body: Launch },
  chatRoom: null,
  memberCenter: null,
  accountCenter: null,
};

function Openers({ onClose }: { onClose: () => void }) {
  const modal = useModal();
  return (
    <>
      <button type="button" onClick={() => modal.open('help', undefined, { onClose })}>
        Help
      </button>
      <button
        type="button"
        onClick={() => modal.open('gameLaunch', { vassalage: 'AUR', gameType: 'RNG', name: 'Aurum Slots' })}
      >
        Play
      </button>
    </>
  );
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

describe('ModalProvider', () => {
  it('opens registered modals with their params, once per id', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <ModalProvider registry={registry}>
        <Openers onClose={() => {}} />
      </ModalProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(await screen.findByRole('dialog', { name: 'Start Aurum Slots' })).toBeTruthy();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('runs the onClose option when the modal closes', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onClose = vi.fn();
    render(
      <ModalProvider registry={registry}>
        <Openers onClose={onClose} />
      </ModalProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledOnce();
    await act(() => vi.advanceTimersByTimeAsync(MODAL_FADE_MS + 20));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
