/**
 * The content module's public face (banners, notices, announcements, help centre and pages): code
 * outside `modules/content/` imports only this file.
 */
export { installContent } from './module.ts';
export { banners, notices } from './service.ts';
