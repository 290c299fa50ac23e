/**
 * The support module's public face (feedback, messages, chat room and live support): code outside
 * `modules/support/` imports only this file.
 */
export { supportCommand } from './cli.ts';
export { announceMemberMessage, type MemberMessage, postMemberMessage } from './member-messages.ts';
export { installSupport } from './module.ts';
