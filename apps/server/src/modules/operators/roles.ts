/**
 * Who may do what, as data: the permissions, the roles that hold them, and the permission each
 * operator command (and each of its actions) needs. A command or action missing here is refused
 * to everyone (a test checks that every registered command has its entry).
 */

export const PERMISSIONS = [
  'operators.manage',
  'audit.read',
  'site.read',
  'site.write',
  'players.read',
  'players.write',
  /** Open a member's own site read-only ("View as player"). */
  'players.view',
  'money.adjust',
  'ledger.check',
  'payments.read',
  'payments.approve',
  'messages.read',
  'messages.write',
  /** The blog posts and news as stored, drafts included. */
  'content.read',
  'content.write',
  'promotions.read',
  'promotions.review',
  'risk.read',
  'risk.write',
  'games.write',
  'secrets.rotate',
  'lottery.read',
  'lottery.write',
  'reports.read',
  'agents.read',
  'agents.write',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['admin', 'finance', 'support', 'content', 'risk', 'reporting'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  /** Deposits, withdrawals, adjustments, promotion payouts. */
  finance: [
    'site.read',
    'players.read',
    'money.adjust',
    'ledger.check',
    'payments.read',
    'payments.approve',
    'promotions.read',
    'promotions.review',
    'reports.read',
  ],
  /** Players (read), password resets, messages, chat, feedback, live support. */
  support: [
    'site.read',
    'players.read',
    'players.write',
    'players.view',
    'payments.read',
    'messages.read',
    'messages.write',
    'promotions.read',
    'agents.read',
  ],
  /** Banners, notices, announcements, promotions, help, blog. */
  content: ['site.read', 'content.read', 'content.write', 'promotions.read', 'promotions.review'],
  /** Flags, limits, held wins, the ledger and audit checks. */
  risk: [
    'site.read',
    'players.read',
    'payments.read',
    'risk.read',
    'risk.write',
    'ledger.check',
    'audit.read',
    'lottery.read',
    'lottery.write',
    'reports.read',
    'agents.read',
  ],
  /** Read-only reporting. */
  reporting: [
    'site.read',
    'players.read',
    'payments.read',
    'promotions.read',
    'risk.read',
    'lottery.read',
    'reports.read',
    'agents.read',
  ],
};

/** A command's permission, or one per action (`{ command, action }`). */
export const COMMAND_PERMISSIONS: Record<string, Permission | Record<string, Permission>> = {
  status: 'site.read',
  maintenance: 'site.write',
  region: 'site.write',
  'reload-config': 'site.write',
  feature: { list: 'site.read', set: 'site.write' },
  outbox: 'messages.read',
  adjust: 'money.adjust',
  'ledger-check': 'ledger.check',
  audit: 'audit.read',
  'audit-verify': 'audit.read',
  operator: {
    list: 'operators.manage',
    create: 'operators.manage',
    update: 'operators.manage',
    reset: 'operators.manage',
  },
  /** Four-eyes requests (console only): deciding one needs the permission of its command too. */
  approval: { list: 'payments.read', approve: 'payments.read', reject: 'payments.read' },
  'reset-password': 'players.write',
  player: {
    search: 'players.read',
    show: 'players.read',
    tree: 'players.read',
    lock: 'players.write',
    unlock: 'players.write',
    'end-sessions': 'players.write',
    note: 'players.write',
    'view-as': 'players.view',
  },
  deposit: {
    list: 'payments.read',
    proof: 'payments.read',
    webhooks: 'payments.read',
    approve: 'payments.approve',
    reject: 'payments.approve',
  },
  withdraw: {
    list: 'payments.read',
    approve: 'payments.approve',
    reject: 'payments.approve',
    'return-margin': 'payments.approve',
    'force-received': 'payments.approve',
  },
  risk: { list: 'risk.read', release: 'risk.write', reject: 'risk.write' },
  'risk-links': 'risk.read',
  'risk-alerts': 'risk.read',
  lottery: {
    issues: 'lottery.read',
    exposure: 'lottery.read',
    cancel: 'lottery.write',
    void: 'lottery.write',
    'prize-group': 'lottery.write',
  },
  content: 'content.write',
  articles: {
    list: 'content.read',
    show: 'content.read',
    put: 'content.write',
    publish: 'content.write',
    unpublish: 'content.write',
    remove: 'content.write',
  },
  'promo-applications': 'promotions.read',
  'promo-approve': 'promotions.review',
  'promo-reject': 'promotions.review',
  'feedback-list': 'messages.read',
  'feedback-answer': 'messages.write',
  'message-send': 'messages.write',
  'message-broadcast': 'messages.write',
  'chat-mute': 'messages.write',
  'chat-delete': 'messages.write',
  'support-chats': 'messages.read',
  'support-reply': 'messages.write',
  'vendor-maintenance': 'games.write',
  game: 'games.write',
  /** An operator's own saved filters of the console's list pages. */
  filter: 'site.read',
  'vendor-secret': 'secrets.rotate',
  dashboard: 'reports.read',
  report: { ggr: 'reports.read', payments: 'reports.read', players: 'reports.read' },
  vip: { show: 'players.read', set: 'players.write' },
  bonus: { show: 'players.read', forfeit: 'players.write' },
  referral: { show: 'players.read' },
  /** The reward centre's promo codes (changes by whoever reviews promotions) and a member's claims. */
  rewards: {
    codes: 'promotions.read',
    'code-create': 'promotions.review',
    'code-disable': 'promotions.review',
    'code-enable': 'promotions.review',
    show: 'players.read',
  },
  points: {
    show: 'players.read',
    list: 'payments.read',
    approve: 'payments.approve',
    reject: 'payments.approve',
  },
  contract: {
    list: 'agents.read',
    show: 'agents.read',
    terminate: 'agents.write',
    'write-off': 'agents.write',
    'reject-claim': 'agents.write',
    settle: 'agents.write',
  },
  affiliate: { list: 'agents.read', approve: 'agents.write', reject: 'agents.write' },
  kyc: { list: 'players.read', document: 'players.read', approve: 'players.write', reject: 'players.write' },
};

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

/** The permission a command needs, or null when it has none (then nobody may run it). */
export function permissionFor(args: Record<string, unknown>): Permission | null {
  const entry = typeof args.command === 'string' ? COMMAND_PERMISSIONS[args.command] : undefined;
  if (entry === undefined) return null;
  if (typeof entry === 'string') return entry;
  return typeof args.action === 'string' ? (entry[args.action] ?? null) : null;
}

export const roleAllows = (role: Role, permission: Permission) => ROLE_PERMISSIONS[role].includes(permission);
