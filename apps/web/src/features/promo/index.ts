export { BannerCarousel, type BannerSlide } from './components/banner-carousel';
export { type NoticeItem, NoticeMarquee } from './components/notice-marquee';
