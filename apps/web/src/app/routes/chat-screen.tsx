/** /chat: the page a launched chat opens (the launch call's chatUrl), from the support feature. */
export { default } from '../../features/support/chat-page';
