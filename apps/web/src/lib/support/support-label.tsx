import { useSupportTexts } from './texts';

export type SupportLabelKey = 'chat.openFeedback' | 'chat.openRoom' | 'chat.openLive';

/** A support-namespace text for the customer-service menu (its own chunk, with the texts). */
export default function SupportLabel({ k }: { k: SupportLabelKey }) {
  const { t } = useSupportTexts();
  return <>{t(k)}</>;
}
