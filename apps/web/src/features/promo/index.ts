export { BannerCarousel, type BannerSlide } from '../../lib/content/banner-carousel';
export { PageBanner } from '../../lib/content/page-banner';
export { SlideLink } from '../../lib/content/slide-link';
export { AnnouncementGate } from './components/announcement-gate';
export { HomeNotices } from './components/home-notices';
export { MarketingBlocks } from './components/marketing-blocks';
export { type NoticeItem, NoticeMarquee } from './components/notice-marquee';
