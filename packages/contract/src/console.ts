/**
 * The operator console's sections, shared by the console (its navigation) and the server (a
 * test finds a section for every operator command and a permission for each): the permission
 * that shows a section and the operator commands (`command` or `command:action`) its pages run.
 * A command listed here is the section's to offer; the server still checks every call.
 */
export interface ConsoleSection {
  id: string;
  /** The permission that shows the section in the navigation. */
  permission: string;
  /** The operator commands the section's pages run: `name` for all actions or `name:action`. */
  commands: readonly string[];
}

export const CONSOLE_SECTIONS = [
  {
    id: 'overview',
    permission: 'site.read',
    // filter: the saved filters every list page offers (each operator's own).
    commands: ['status', 'maintenance', 'dashboard', 'filter'],
  },
  {
    id: 'site',
    permission: 'site.read',
    commands: ['status', 'region', 'reload-config', 'outbox', 'ledger-check'],
  },
  { id: 'features', permission: 'site.read', commands: ['feature'] },
  { id: 'approvals', permission: 'payments.read', commands: ['approval'] },
  {
    id: 'withdrawals',
    permission: 'payments.read',
    commands: ['withdraw', 'points:list', 'points:approve', 'points:reject'],
  },
  { id: 'deposits', permission: 'payments.read', commands: ['deposit'] },
  { id: 'risk', permission: 'risk.read', commands: ['risk', 'risk-links', 'risk-alerts'] },
  {
    id: 'players',
    permission: 'players.read',
    commands: [
      'player',
      'adjust',
      'reset-password',
      'message-send',
      'vip',
      'kyc',
      'bonus',
      'points:show',
      'referral',
      'rewards:show',
    ],
  },
  /**
   * Agent contracts and their bills, and the applications to become an agent (an agent's downline
   * tree is on its player page).
   */
  { id: 'agents', permission: 'agents.read', commands: ['contract', 'affiliate'] },
  {
    id: 'promotions',
    permission: 'promotions.read',
    commands: [
      'promo-applications',
      'promo-approve',
      'promo-reject',
      'rewards:codes',
      'rewards:code-create',
      'rewards:code-disable',
      'rewards:code-enable',
    ],
  },
  {
    id: 'support',
    permission: 'messages.read',
    commands: [
      'feedback-list',
      'feedback-answer',
      'message-broadcast',
      'chat-mute',
      'chat-delete',
      'support-chats',
      'support-reply',
    ],
  },
  /** Banners, notices, help, pages, and the blog posts and news (`articles`). */
  { id: 'content', permission: 'content.write', commands: ['content', 'articles'] },
  {
    id: 'games',
    permission: 'games.write',
    commands: ['status', 'vendor-maintenance', 'vendor-secret', 'game'],
  },
  {
    id: 'lottery',
    permission: 'lottery.read',
    commands: ['lottery:issues', 'lottery:exposure', 'lottery:cancel', 'lottery:void', 'lottery:prize-group'],
  },
  { id: 'reports', permission: 'reports.read', commands: ['report'] },
  { id: 'operators', permission: 'operators.manage', commands: ['operator'] },
  { id: 'audit', permission: 'audit.read', commands: ['audit', 'audit-verify'] },
] as const satisfies readonly ConsoleSection[];

export type ConsoleSectionId = (typeof CONSOLE_SECTIONS)[number]['id'];
