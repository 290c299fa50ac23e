import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ModalBodyProps, ModalRegistry } from '../../components/ui';
import { renderWithApp } from '../../testing/render';
import { startSession } from '../session/session-store';
import { DepositReturn } from './deposit-return';

function CentreStub({ params }: ModalBodyProps<'memberCenter'>) {
  return <p data-testid="centre">{`${params?.page} ${params?.orderNo}`}</p>;
}

const registry = {
  announcement: null,
  notice: null,
  login: null,
  register: null,
  changePassword: null,
  forgotPassword: null,
  help: null,
  feedback: null,
  gameLaunch: null,
  chatRoom: null,
  memberCenter: { Body: CentreStub },
  accountCenter: null,
} satisfies ModalRegistry;

describe('back from the payment gateway', () => {
  it('reopens the member centre at depositv2 on that order and cleans the address', async () => {
    sessionStorage.setItem('token', 'tok');
    const { router } = renderWithApp(<DepositReturn />, { path: '/?deposit=D1001&tab=x', registry });
    expect((await screen.findByTestId('centre')).textContent).toBe('depositv2 D1001');
    expect(router.state.location.search).toBe('?tab=x');
  });

  it('waits for a member whose session ended to sign in again', async () => {
    const { router } = renderWithApp(<DepositReturn />, { path: '/?deposit=D1001', registry });
    expect(screen.queryByTestId('centre')).toBeNull();
    expect(router.state.location.search).toBe('?deposit=D1001');
    act(() => startSession('tok'));
    expect((await screen.findByTestId('centre')).textContent).toBe('depositv2 D1001');
    expect(router.state.location.search).toBe('');
  });

  it('drops an order number that is not one', async () => {
    sessionStorage.setItem('token', 'tok');
    const { router } = renderWithApp(<DepositReturn />, { path: '/?deposit=%3Cscript%3E', registry });
    await act(async () => {});
    expect(router.state.location.search).toBe('');
    expect(screen.queryByTestId('centre')).toBeNull();
  });
});
