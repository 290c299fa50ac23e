/** The support commands of `npm run ops`, as the operator endpoint receives them (see ops.ts). */
export function supportCommand(
  command: string,
  arg: string | undefined,
  opts: {
    text?: string | undefined;
    title?: string | undefined;
    account?: string | undefined;
    minutes?: string | undefined;
    status?: string | undefined;
    limit?: string | undefined;
  },
  usage: () => never,
): Record<string, unknown> {
  // The server checks every value: one set of rules for every caller.
  switch (command) {
    case 'feedback-list':
      return { command, status: opts.status?.toUpperCase(), limit: opts.limit };
    case 'feedback-answer':
      if (!arg || opts.text === undefined) return usage();
      return { command, id: arg, text: opts.text };
    case 'message-send':
      if (!(opts.account ?? arg) || opts.title === undefined || opts.text === undefined) return usage();
      return { command, account: opts.account ?? arg, title: opts.title, text: opts.text };
    case 'message-broadcast':
      if (opts.title === undefined || opts.text === undefined) return usage();
      return { command, title: opts.title, text: opts.text };
    case 'chat-mute':
      if (!(arg ?? opts.account) || opts.minutes === undefined) return usage();
      return { command, account: arg ?? opts.account, minutes: opts.minutes };
    case 'chat-delete':
      if (!arg) return usage();
      return { command, id: arg };
    case 'support-chats':
      return { command, account: arg ?? opts.account, limit: opts.limit };
    case 'support-reply':
      if (!(arg ?? opts.account) || opts.text === undefined) return usage();
      return { command, account: arg ?? opts.account, text: opts.text };
    default:
      return usage();
  }
}
