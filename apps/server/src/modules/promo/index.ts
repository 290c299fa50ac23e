/** The promo module's public face (promotions): code outside `modules/promo/` imports only this file. */
export { installPromotions } from './module.ts';
