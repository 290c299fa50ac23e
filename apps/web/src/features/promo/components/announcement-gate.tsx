import { useEffect, useRef } from 'react';
import { useModal } from '../../../components/ui';
import { useAnnouncements } from '../../../lib/content';
import { markPopupClosed, popupClosed, usePopupAudience } from './announcement-audience';

/**
 * Opens the announcement popup on entry (spec §4 Popups) when the visitor's audience has popup
 * announcements and has not closed the popup in this browser session. Closing it marks it closed.
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
    shownFor.current = audience.storageKey;
    const key = audience.storageKey;
    modal.open('announcement', undefined, { onClose: () => markPopupClosed(key) });
  }, [closed, count, audience.storageKey, modal]);
  return null;
}
