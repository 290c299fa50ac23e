import type { RealtimeServerMessage } from '@aurum/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { putBalance, refreshBalance } from '../account/balance';
import { MERCHANT } from '../config';
import { REALTIME_CLOSE, REALTIME_PATH } from '../contract';
import { lotteryMemberRoot, lotteryPublicRoot } from '../lottery/keys';
import { cashierQueryKey, refreshMovementViews } from '../money/balance';
import { promotionsRootKey } from '../promotions/keys';
import { noteSessionUse } from '../session/idle';
import { useSessionToken } from '../session/session-store';
import { putUnread, supportKeys } from '../support/api';
import { RealtimeClient, realtimeUrl } from './client';
import { emitRealtimeEvent } from './events';

/**
 * Keeps the session WebSocket open while a member is signed in: opened after sign-in, a new one
 * for a new session, closed at logout. Pushed balances go straight into the balance query, so the
 * header (and any wallet page) updates without a reload.
 */
export function useRealtime(): void {
  const token = useSessionToken();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return;
    const client = new RealtimeClient({
      url: realtimeUrl(REALTIME_PATH),
      merchant: MERCHANT,
      token,
      onEvent: (message) => applyRealtimeEvent(queryClient, token, message),
      // Authenticating the socket slid the session on the server (events and pings do not).
      onReady: () => noteSessionUse(),
      onFinalClose: (code) => {
        // The server says the session is over: the next call confirms it and ends it here too
        // (the API client's session-end handling), or finds it alive after all.
        if (code === REALTIME_CLOSE.UNAUTHORIZED) void refreshBalance(queryClient);
      },
    });
    const onOnline = () => client.retryNow();
    const onVisible = () => {
      if (document.visibilityState === 'visible') client.retryNow();
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    client.start();
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      client.stop();
    };
  }, [token, queryClient]);
}

/** What one pushed event changes: the queries it answers are updated or fetched again. */
export function applyRealtimeEvent(
  queryClient: QueryClient,
  token: string,
  message: RealtimeServerMessage,
): void {
  // The ledger touched this member's accounts (a deposit credited, a hold paid out or
  // released…), even when the total did not change: the orders and the account record on
  // screen follow it. Only queries in use are fetched again.
  if (message.type === 'balance') {
    putBalance(queryClient, token, message.balance);
    void refreshMovementViews(queryClient);
  }
  // Support: the unread count goes into its query; live support refetches its history; chat
  // rooms follow the events themselves (onRealtimeEvent).
  if (message.type === 'messages') putUnread(queryClient, token, message.unread);
  if (message.type === 'support') void queryClient.invalidateQueries({ queryKey: supportKeys.supportChat });
  // An application reviewed: the promotion cards (no longer "Applying") and my applications.
  if (message.type === 'promotion') void queryClient.invalidateQueries({ queryKey: promotionsRootKey });
  // A withdrawal changed status (paid, confirmed, auto-received…): the cashier's orders and notices.
  if (message.type === 'withdrawal') void queryClient.invalidateQueries({ queryKey: cashierQueryKey });
  // A lottery issue was drawn, settled or cancelled: the results, the next issue and the
  // member's tickets on screen are read again (the balance comes as its own event).
  if (message.type === 'lottery') {
    void queryClient.invalidateQueries({ queryKey: lotteryPublicRoot });
    void queryClient.invalidateQueries({ queryKey: lotteryMemberRoot });
  }
  emitRealtimeEvent(message);
}
