import { useNotices } from '../../../lib/content';
import { NoticeMarquee } from './notice-marquee';

/** The home marquee with the server's notices (public state "notice list"). */
export function HomeNotices() {
  const { data } = useNotices();
  return <NoticeMarquee items={data?.list ?? []} />;
}
