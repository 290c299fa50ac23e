import type { LoginValue } from '@aurum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModal } from '../../components/ui';
import { apiCall, errorTextKey } from '../api';
import { handleSessionEnd } from '../api/request-context';
import { loadChunk } from '../chunks/chunk-load';
import { notify } from '../notify/notify';
import { useBrand, useSiteData } from '../site';
import { redeemTicket, stayOnAccount, switchAccount } from './handoff';
import { useLastSessionUse } from './idle';
import { endSession, getToken, takePendingTicket, useSessionToken } from './session-store';

const HandoffDialog = lazy(() =>
  loadChunk(() => import('./session-dialogs')).then((m) => ({ default: m.HandoffDialog })),
);
const IdleDialog = lazy(() =>
  loadChunk(() => import('./session-dialogs')).then((m) => ({ default: m.IdleDialog })),
);

/** The idle warning shows this long before the session would end. */
export const IDLE_WARNING_MS = 60_000;

/** Session chores of every page: the hand-off ticket the page was opened with, and the idle warning. */
export function SessionWatch() {
  const { session } = useSiteData().permission.info;
  return (
    <>
      <HandoffPrompt />
      <IdleWarning idleSeconds={session.idleSeconds} touchSeconds={session.touchSeconds} />
    </>
  );
}

/**
 * Redeems the page's hand-off ticket (taken out of the address at start-up). With another member
 * signed in in this tab, asks first: switch to the link's account, or stay.
 */
export function HandoffPrompt() {
  const { t } = useTranslation();
  const brand = useBrand();
  const queryClient = useQueryClient();
  const modal = useModal();
  const [asking, setAsking] = useState<{ value: LoginValue; current: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const shownHandoff = useRef(false);

  useEffect(() => {
    const ticket = takePendingTicket();
    if (!ticket) return;
    void redeemTicket(ticket, brand).then((outcome) => {
      if (outcome.kind === 'ask') setAsking({ value: outcome.value, current: outcome.current });
      else if (outcome.kind === 'second-factor') modal.open('login', { twoFactorTicket: outcome.ticket });
      else if (outcome.kind === 'failed') notify(t(errorTextKey(outcome.code)), 'danger');
      else queryClient.removeQueries({ queryKey: ['member'] });
    });
  }, [brand, queryClient, t, modal]);

  const decide = (choice: 'switch' | 'stay') => {
    if (!asking || busy) return;
    setBusy(true);
    const done = choice === 'switch' ? switchAccount(asking.value, brand) : stayOnAccount(asking.value);
    void done.finally(() => {
      if (choice === 'switch') queryClient.removeQueries({ queryKey: ['member'] });
      setBusy(false);
      setAsking(null);
    });
  };

  // Mounted only once there is a question, so the dialog chunk loads only then; kept through the
  // fade-out it needs no remount.
  if (!asking && !shownHandoff.current) return null;
  shownHandoff.current = true;
  return (
    <Suspense fallback={null}>
      <HandoffDialog
        open={asking !== null}
        account={asking?.value.userName ?? ''}
        current={asking?.current ?? ''}
        busy={busy}
        onSwitch={() => decide('switch')}
        onStay={() => decide('stay')}
      />
    </Suspense>
  );
}

/**
 * The session ends after `idleSeconds` without a signed-in call; the server notes a use at most
 * every `touchSeconds`, so this tab counts `idleSeconds - touchSeconds` from its last signed-in
 * call. A minute before, a dialog counts down with a Stay signed in button (a cheap signed-in
 * call that slides the session); at the end the tab signs out and says why.
 */
export function IdleWarning({ idleSeconds, touchSeconds }: { idleSeconds: number; touchSeconds: number }) {
  const { t } = useTranslation();
  const token = useSessionToken();
  const lastUse = useLastSessionUse();
  const [now, setNow] = useState(() => Date.now());
  const [staying, setStaying] = useState(false);
  const ending = useRef(false);
  const shownIdle = useRef(false);
  const lifeMs = Math.max(0, idleSeconds - touchSeconds) * 1000;
  const deadline = token && lastUse > 0 ? lastUse + lifeMs : null;

  useEffect(() => {
    if (deadline === null) return;
    // `now` is the last wake; the clock may have moved on since (a new deadline, a slept tab).
    const current = Math.max(now, Date.now());
    if (current >= deadline) {
      if (ending.current) return;
      ending.current = true;
      void signOutForInactivity(t('session.idle.signedOut')).finally(() => {
        ending.current = false;
      });
      return;
    }
    const warnAt = deadline - IDLE_WARNING_MS;
    // Wake at the warning, then every second of the countdown, and at the end.
    const wait = current < warnAt ? warnAt - current : Math.min(1000, deadline - current);
    const timer = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(timer);
  }, [deadline, now, t]);

  const left = deadline === null ? null : deadline - now;
  const open = left !== null && left > 0 && left <= IDLE_WARNING_MS;
  const stay = () => {
    if (staying) return;
    setStaying(true);
    // Any signed-in call slides the session; the API client notes it, which closes the dialog.
    void apiCall('memberInfo')
      .catch(() => undefined)
      .finally(() => {
        setStaying(false);
        setNow(Date.now());
      });
  };

  if (!open && !shownIdle.current) return null;
  shownIdle.current = true;
  return (
    <Suspense fallback={null}>
      <IdleDialog
        open={open}
        seconds={Math.max(0, Math.ceil((left ?? 0) / 1000))}
        staying={staying}
        onStay={stay}
      />
    </Suspense>
  );
}

/** The idle limit is reached: sign out on the server too, show the signed-out state, say why. */
async function signOutForInactivity(message: string): Promise<void> {
  await apiCall('logout').catch(() => undefined);
  // A 401 above has ended the session and gone home already.
  if (getToken()) {
    endSession();
    handleSessionEnd();
  }
  notify(message, 'info');
}
