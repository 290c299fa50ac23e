import { useEffect, useRef } from 'react';
import { useModal } from '../../../components/ui';
import { useAnnouncements } from '../../../lib/content';
import { whenIdle } from '../../../lib/hooks/when-idle';
import { markPopupClosed, popupClosed, usePopupAudience } from './announcement-audience';

/** The popup waits for an idle moment this long at most. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * Opens the announcement popup on entry (spec §4 Popups) when the visitor's audience has popup
 * announcements and has not closed the popup in this browser session. Closing it marks it closed.
 * It opens once the browser is idle, after the page has rendered, not in the middle of that work.
 */
export function AnnouncementGate() {
  const modal = useModal();
  const audience = usePopupAudience();
  const closed = popupClosed(audience.storageKey);
  const { data } = useAnnouncements(audience.execution, audience.token, !closed);
  const shownFor = useRef<string | null>(null);
  const count = data?.execution === audience.execution ? data.popup.content.length : 0;
  useEffect(() => {
    if (closed || count === 0 || shownFor.current === audience.storageKey) return;
    const key = audience.storageKey;
    return whenIdle(() => {
      shownFor.current = key;
      modal.open('announcement', undefined, { onClose: () => markPopupClosed(key) });
    }, IDLE_TIMEOUT_MS);
  }, [closed, count, audience.storageKey, modal]);
  return null;
}
