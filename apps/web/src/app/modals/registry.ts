import { type ComponentType, createElement, lazy } from 'react';
import type { ModalRegistry } from '../../components/ui';
import { loadChunk } from '../../lib/chunks/chunk-load';
import { memberCentreSlots } from './member-centre-slots';

/** Every modal body is its own lazily loaded chunk (with the 120 s chunk timeout). */
function body<M, P>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>) {
  return lazy(() => loadChunk(load).then((m) => ({ default: pick(m) })));
}

const authModals = () => import('../../features/accounts/session/components/auth-modals');

/**
 * The spec's modal ids (§2 Modals) and their bodies.
 */
export const modalRegistry: ModalRegistry = {
  announcement: {
    Body: body(
      () => import('../../features/promo/components/announcement-modal'),
      (m) => m.default,
    ),
    size: 'md',
  },
  notice: {
    Body: body(
      () => import('../../features/promo/components/notice-modal'),
      (m) => m.default,
    ),
    size: 'md',
  },
  login: { Body: body(authModals, (m) => m.LoginModal), size: 'sm' },
  register: { Body: body(authModals, (m) => m.RegisterModal), size: 'sm' },
  changePassword: {
    Body: body(
      () => import('../../features/accounts/security/change-password-page'),
      (m) => m.ChangePasswordModal,
    ),
    size: 'sm',
  },
  forgotPassword: { Body: body(authModals, (m) => m.ForgotPasswordModal), size: 'sm' },
  help: {
    Body: body(
      () => import('../../features/system/components/help-modal'),
      (m) => m.default,
    ),
    size: 'md',
  },
  feedback: {
    Body: body(
      () => import('../../features/support/feedback-modal'),
      (m) => m.default,
    ),
    size: 'md',
  },
  gameLaunch: {
    Body: body(
      () => import('../../features/games/components/game-launch-modal'),
      (m) => m.default,
    ),
    size: 'md',
  },
  chatRoom: {
    Body: body(
      () => import('../../features/support/chat-room-modal'),
      (m) => m.default,
    ),
    size: 'md',
  },
  memberCenter: {
    Body: body(
      () => import('../../features/accounts/member/member-centre-modal'),
      (m) => {
        const MemberCentre = m.default;
        return (props: Parameters<typeof MemberCentre>[0]) =>
          createElement(MemberCentre, { ...props, slots: memberCentreSlots });
      },
    ),
    size: 'lg',
  },
  accountCenter: {
    Body: body(
      () => import('../../features/agent/account-centre-modal'),
      (m) => m.default,
    ),
    // The downline list is a wide table.
    size: 'lg',
  },
};
