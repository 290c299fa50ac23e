export { configureCdns, imageUrl, pickCdn, pickLaunchCdn, withCdn } from './cdn';
