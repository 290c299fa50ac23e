import { lazy, Suspense } from 'react';
import { loadChunk } from '../chunks/chunk-load';
import { useSession } from '../session/session-store';
import { useFeature } from '../site/site-context';

// The button carries the support texts, which load with their own chunk, never the first one.
const MessagesButton = lazy(() =>
  loadChunk(() => import('./unread-badge')).then((m) => ({ default: m.MessagesButton })),
);

/** The header's messages entry with the live unread count (spec §2 Header); not for trial accounts. */
export function HeaderMessages() {
  const { isTrial } = useSession();
  const inbox = useFeature('INBOX3');
  if (isTrial || !inbox) return null;
  return (
    <Suspense fallback={null}>
      <MessagesButton />
    </Suspense>
  );
}
