import type { Execution } from '@aurum/contract';
import { useSession } from '../../../lib/session/session-store';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage/storage';

/** Spec §9: the popup state is kept apart for members and visitors, for the browser session. */
export const USER_POPUP = STORAGE_KEYS.userPopup;
export const ANONYMOUS_POPUP = STORAGE_KEYS.anonymousPopup;
/** sessionStorage: '1' while the session is the member's first login (announcements F); set by beginSession. */
export const FIRST_TIME_LOGIN = STORAGE_KEYS.firstTimeLogin;
const CLOSED = 'closed';

export interface PopupAudience {
  execution: Execution;
  token: string | null;
  storageKey: typeof USER_POPUP | typeof ANONYMOUS_POPUP;
}

/** Who the announcement popup is for: A members, F members on their first login, B visitors. */
export function usePopupAudience(): PopupAudience {
  const { token, isTrial } = useSession();
  if (token === null || isTrial) return { execution: 'B', token: null, storageKey: ANONYMOUS_POPUP };
  const first = readStorage('session', FIRST_TIME_LOGIN) === '1';
  return { execution: first ? 'F' : 'A', token, storageKey: USER_POPUP };
}

export const popupClosed = (key: string) => readStorage('session', key) === CLOSED;
export const markPopupClosed = (key: string) => writeStorage('session', key, CLOSED);
