import { CONSOLE_SECTIONS } from '@aurum/contract/console';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleApp } from './console-app';
import { SECTION_PAGES } from './pages/shell';
import { SUPPORT_POLL_MS } from './pages/support';
import { type Answer, ok, serve } from './testing';
import { en } from './texts/en';

const ALL = [
  'operators.manage',
  'audit.read',
  'site.read',
  'site.write',
  'players.read',
  'players.write',
  'money.adjust',
  'ledger.check',
  'payments.read',
  'payments.approve',
  'messages.read',
  'messages.write',
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
];
const admin = { name: 'ada', role: 'admin', permissions: ALL };
const argsOf = (body: unknown) => (body as { args: Record<string, unknown> }).args;
const commands = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === 'command').map((c) => argsOf(c.body));

function open(section: string) {
  window.history.replaceState(null, '', `/console/${section}`);
  render(<ConsoleApp />);
}

describe('the console pages', () => {
  beforeEach(() => window.localStorage.setItem('aurum-console-language', 'EN'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  it('has a page in the shell for every console section, each opening under its own title', async () => {
    expect(Object.keys(SECTION_PAGES).sort()).toEqual(CONSOLE_SECTIONS.map((s) => s.id).sort());
    for (const section of CONSOLE_SECTIONS) {
      // Every command fails: the page still stands, with its title and the error.
      serve({
        me: ok(admin),
        ...Object.fromEntries(
          CONSOLE_SECTIONS.flatMap((s) => s.commands).map((c) => [
            `command:${c.split(':')[0]}`,
            { success: false, errorCode: 'ops.invalid', message: 'refused' } satisfies Answer,
          ]),
        ),
        'command:approval': { success: false, errorCode: 'ops.invalid', message: 'refused' },
      });
      window.history.replaceState(null, '', `/console/${section.id}`);
      const { unmount } = render(<ConsoleApp />);
      const nav = await screen.findByRole('navigation', { name: 'Console sections' });
      const link = within(nav).getByRole('link', { name: en.sections[section.id] });
      await waitFor(() => expect(link.getAttribute('aria-current')).toBe('page'));
      expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
      unmount();
    }
  });

  it('site settings: switches the region restriction, saves its lists, reloads config/ and checks the ledger', async () => {
    let region = { on: false, countries: ['US'], ranges: [] as string[] };
    const calls = serve({
      me: ok(admin),
      'command:status': () => ok({ region, version: 3, vendors: [] }),
      'command:region': (body) => {
        const { command: _, ...change } = argsOf(body);
        region = { ...region, ...change };
        return ok({ region, version: 4 });
      },
      'command:reload-config': ok({ region, version: 5 }),
      'command:outbox': ok([
        {
          id: 1,
          channel: 'sms',
          recipient: '+639170000001',
          subject: null,
          body: 'Your code is 123456',
          createdAt: '2026-11-26T08:00:00Z',
        },
      ]),
      'command:ledger-check': ok({
        ok: true,
        merchants: 1,
        accounts: 12,
        transfers: 40,
        entries: 80,
        problems: [],
      }),
    });
    vi.stubGlobal('confirm', () => true);
    open('site');
    expect(await screen.findByText('Your code is 123456')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn the restriction on' }));
    expect(await screen.findByRole('button', { name: 'Turn the restriction off' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Blocked countries'), { target: { value: 'us, sg' } });
    fireEvent.change(screen.getByLabelText('Blocked IP addresses and ranges'), {
      target: { value: '203.0.113.0/24\n198.51.100.7' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(commands(calls)).toContainEqual({
        command: 'region',
        countries: ['US', 'SG'],
        ranges: ['203.0.113.0/24', '198.51.100.7'],
      }),
    );
    // The page's buttons wait while the save is answered (a click on a disabled one does nothing).
    const reload = screen.getByRole<HTMLButtonElement>('button', { name: 'Reload the configuration' });
    await waitFor(() => expect(reload.disabled).toBe(false));
    fireEvent.click(reload);
    expect(await screen.findByText('The configuration was reloaded (version 5).')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check the ledger' }));
    expect(
      await screen.findByText('The ledger is sound: 40 transfers, 80 entries, 12 accounts.'),
    ).toBeTruthy();
    expect(commands(calls)).toContainEqual({ command: 'region', on: true });
  });

  it('site settings for support: the outbox only, no switches', async () => {
    serve({
      me: ok({ name: 'bea', role: 'support', permissions: ['site.read', 'messages.read'] }),
      'command:status': ok({ region: { on: true, countries: ['US'], ranges: [] }, version: 1, vendors: [] }),
      'command:outbox': ok([]),
    });
    open('site');
    expect(await screen.findByRole('heading', { name: 'SMS and email outbox' })).toBeTruthy();
    expect(await screen.findByText(/visitors from the blocked countries/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn the restriction off' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reload the configuration' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check the ledger' })).toBeNull();
  });

  it('game vendors: sets and clears a maintenance window, and shows a new secret once with a warning', async () => {
    let maintenance: { start: string; end: string } | null = null;
    const calls = serve({
      me: ok(admin),
      'command:status': () =>
        ok({
          region: { on: false, countries: [], ranges: [] },
          version: 1,
          vendors: [{ vendor: 'AURX', name: 'Aurum Games', provider: 'INHOUSE', maintenance }],
        }),
      'command:vendor-maintenance': (body) => {
        const args = argsOf(body);
        maintenance = args.clear ? null : { start: String(args.start), end: String(args.end) };
        return ok({ vendor: 'AURX', maintenance });
      },
      'command:vendor-secret': ok({ vendor: 'AURX', secret: 's3cr3t-value', rotated: true }),
      'command:game': ok({ games: [] }),
    });
    vi.stubGlobal('confirm', () => true);
    open('games');
    fireEvent.click(await screen.findByRole('button', { name: 'Set a window: AURX' }));
    fireEvent.change(screen.getByLabelText('Starts'), { target: { value: '2026-12-01T02:00' } });
    fireEvent.change(screen.getByLabelText('Ends'), { target: { value: '2026-12-01T04:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the window' }));
    expect(await screen.findByText(/AURX: launches between/)).toBeTruthy();
    const set = commands(calls).find((c) => c.command === 'vendor-maintenance');
    expect(set).toEqual({
      command: 'vendor-maintenance',
      vendor: 'AURX',
      start: new Date('2026-12-01T02:00').toISOString(),
      end: new Date('2026-12-01T04:00').toISOString(),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear: AURX' }));
    expect(await screen.findByText('AURX: no maintenance window.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New secret: AURX' }));
    const shown = await screen.findByRole('alert');
    expect(shown.textContent).toContain('s3cr3t-value');
    expect(shown.textContent).toContain('shown only now');
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText('s3cr3t-value')).toBeNull();
    expect(commands(calls)).toContainEqual({ command: 'vendor-secret', vendor: 'AURX', rotate: true });
  });

  it('saved filters: saves the queue’s filter under a name, applies a saved one, removes it', async () => {
    let saved = [{ name: 'Paid today', filter: { status: 'PAID' } as Record<string, unknown> }];
    const calls = serve({
      me: ok(admin),
      'command:withdraw': ok({ orders: [] }),
      'command:filter': (body) => {
        const args = argsOf(body);
        if (args.action === 'save')
          saved = [...saved, { name: String(args.name), filter: args.filter as Record<string, unknown> }];
        if (args.action === 'remove') saved = saved.filter((f) => f.name !== args.name);
        return ok({ filters: saved });
      },
    });
    vi.stubGlobal('prompt', () => 'Waiting');
    vi.stubGlobal('confirm', () => true);
    open('withdrawals');
    const choice = await screen.findByLabelText('Saved filters');
    await within(choice).findByRole('option', { name: 'Paid today' });
    fireEvent.click(screen.getByRole('button', { name: 'Save this filter' }));
    await waitFor(() =>
      expect(commands(calls)).toContainEqual({
        command: 'filter',
        action: 'save',
        section: 'withdrawals',
        name: 'Waiting',
        filter: { status: 'PENDING' },
      }),
    );
    fireEvent.change(choice, { target: { value: 'Paid today' } });
    await waitFor(() =>
      expect(commands(calls)).toContainEqual({ command: 'withdraw', action: 'list', status: 'PAID' }),
    );
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('PAID');
    fireEvent.click(screen.getByRole('button', { name: 'Remove “Paid today”' }));
    await waitFor(() => expect(within(choice).queryByRole('option', { name: 'Paid today' })).toBeNull());
    expect(commands(calls)).toContainEqual({
      command: 'filter',
      action: 'remove',
      section: 'withdrawals',
      name: 'Paid today',
    });
  });

  it('games catalogue: switches a game off and on again, each after a confirmation', async () => {
    let on = true;
    const row = () => ({
      nodeId: 'AURL.baccarat',
      vendor: 'AURL',
      gameCode: 'baccarat',
      name: 'Imperial Baccarat',
      engine: 'baccarat',
      on,
    });
    const calls = serve({
      me: ok(admin),
      'command:status': ok({ region: { on: false, countries: [], ranges: [] }, version: 1, vendors: [] }),
      'command:game': (body) => {
        const args = argsOf(body);
        if (args.action === 'set') on = args.on as boolean;
        return ok(args.action === 'list' ? { games: [row()] } : row());
      },
    });
    const asked: string[] = [];
    vi.stubGlobal('confirm', (text: string) => {
      asked.push(text);
      return true;
    });
    open('games');
    const catalogue = await screen.findByRole('region', { name: 'Games catalogue' });
    fireEvent.click(await within(catalogue).findByRole('button', { name: 'Switch off: Imperial Baccarat' }));
    expect(await within(catalogue).findByText('Imperial Baccarat is switched off.')).toBeTruthy();
    expect(asked).toEqual(['Switch Imperial Baccarat off? Players can no longer find or launch it.']);
    expect(await within(catalogue).findByRole('cell', { name: 'Off' })).toBeTruthy();
    fireEvent.click(within(catalogue).getByRole('button', { name: 'Switch on: Imperial Baccarat' }));
    expect(await within(catalogue).findByText('Imperial Baccarat is on the site again.')).toBeTruthy();
    expect(commands(calls).filter((c) => c.action === 'set')).toEqual([
      { command: 'game', action: 'set', nodeId: 'AURL.baccarat', on: false },
      { command: 'game', action: 'set', nodeId: 'AURL.baccarat', on: true },
    ]);
  });

  it('content: publishes an announcement written in the editor, previews it sanitised, and removes a notice', async () => {
    let stored = {
      notices: [{ id: 'n1', title: 'Tonight', text: 'Maintenance at 2am', date: '2026-11-26T08:00:00Z' }],
      announcements: [] as { id: string; type: string; execution: string; title: string; text: string }[],
    };
    const calls = serve({
      me: ok(admin),
      'command:content': (body) => {
        const args = argsOf(body) as {
          action: string;
          id: string;
          type: string;
          execution: string;
          title: Record<string, string>;
          text: Record<string, string>;
        };
        if (args.action === 'announce') {
          // The server keeps only what its sanitiser allows.
          const text = args.text.EN!.replace(/<script[\s\S]*?<\/script>/g, '');
          stored = {
            ...stored,
            announcements: [
              { id: args.id, type: args.type, execution: args.execution, title: args.title.EN!, text },
            ],
          };
        }
        if (args.action === 'remove')
          stored = { ...stored, notices: stored.notices.filter((n) => n.id !== args.id) };
        return args.action === 'list'
          ? ok(stored)
          : ok({ action: args.action, id: args.id, replaced: false });
      },
    });
    vi.stubGlobal('confirm', () => true);
    open('content');
    expect(await screen.findByText('Maintenance at 2am')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Id/), { target: { value: 'flash' } });
    fireEvent.change(screen.getByLabelText('Title (English)'), { target: { value: 'Flash sale' } });
    fireEvent.change(screen.getByLabelText('Title (Chinese)'), { target: { value: '限时优惠' } });
    const editor = screen.getByRole('textbox', { name: 'Announcement text (English)' });
    editor.innerHTML = '<p><b>Today</b> only<script>alert(1)</script></p>';
    fireEvent.input(editor);
    const preview = screen.getByRole('region', { name: 'Preview (as sanitised for the player site)' });
    await waitFor(() => expect(preview.innerHTML).toContain('<b>Today</b> only'));
    expect(preview.innerHTML).not.toContain('script');
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('flash is live.')).toBeTruthy();
    expect(commands(calls)).toContainEqual({
      command: 'content',
      action: 'announce',
      id: 'flash',
      title: { EN: 'Flash sale', CN: '限时优惠' },
      text: { EN: '<p><b>Today</b> only<script>alert(1)</script></p>' },
      type: 'PU',
      execution: 'B',
    });
    // The table shows what the server stored.
    expect(await screen.findByText('<p><b>Today</b> only</p>')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove: n1' }));
    expect(await screen.findByText('n1 was removed.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Maintenance at 2am')).toBeNull());
  });

  it('promotions: approves an application with an amount given and rejects one with a reason', async () => {
    const app = (id: number) => ({
      id,
      account: `m${id}`,
      promotionId: 'first-deposit',
      remark: 'please',
      imageKeys: [`promo/ab/${'a'.repeat(64)}.png`],
      status: 'PENDING',
      reason: null,
      amount: null,
      createdAt: '2026-11-26T08:00:00Z',
    });
    const calls = serve({
      me: ok(admin),
      'command:promo-applications': ok([app(1), app(2)]),
      'command:promo-approve': (body) => ok({ ...app(1), status: 'APPROVED', amount: argsOf(body).amount }),
      'command:promo-reject': ok({ ...app(2), status: 'REJECTED' }),
    });
    vi.stubGlobal('confirm', () => true);
    vi.stubGlobal('prompt', (q: string) => (q.startsWith('Amount') ? '88.00' : 'no proof'));
    open('promotions');
    expect(await screen.findAllByText(`promo/ab/${'a'.repeat(64)}.png`)).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Approve: #1' }));
    expect(await screen.findByText('Application #1 approved: 88.00 paid.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reject: #2' }));
    expect(await screen.findByText('Application #2 rejected.')).toBeTruthy();
    expect(commands(calls)).toContainEqual({ command: 'promo-approve', id: 1, amount: '88.00' });
    expect(commands(calls)).toContainEqual({ command: 'promo-reject', id: 2, reason: 'no proof' });
  });

  it('support: a live conversation refreshes by itself and the operator answers in it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let lines = [{ id: 1, from: 'MEMBER', text: 'Hello, my deposit?', createdAt: Date.UTC(2026, 10, 26, 8) }];
    const calls = serve({
      me: ok(admin),
      'command:support-chats': (body) =>
        argsOf(body).account
          ? ok({ account: 'demo', messages: lines })
          : ok([{ account: 'demo', last: lines.at(-1)!.text, from: 'MEMBER', at: '', waiting: true }]),
      'command:support-reply': (body) => {
        lines = [
          ...lines,
          {
            id: 9,
            from: 'OPERATOR',
            text: String(argsOf(body).text),
            createdAt: Date.UTC(2026, 10, 26, 8, 1),
          },
        ];
        return ok(lines.at(-1));
      },
      'command:feedback-list': ok([]),
    });
    open('support');
    fireEvent.click(await screen.findByRole('button', { name: /demo/ }));
    const conversation = await screen.findByRole('article', { name: 'Conversation with demo' });
    expect(await within(conversation).findByText('Hello, my deposit?')).toBeTruthy();
    // The member writes again: the open conversation shows it without a click.
    lines = [
      ...lines,
      { id: 2, from: 'MEMBER', text: 'Are you there?', createdAt: Date.UTC(2026, 10, 26, 8, 0, 30) },
    ];
    await act(async () => {
      vi.advanceTimersByTime(SUPPORT_POLL_MS);
    });
    expect(await within(conversation).findByText('Are you there?')).toBeTruthy();
    fireEvent.change(within(conversation).getByLabelText('Answer'), {
      target: { value: 'Credited just now.' },
    });
    fireEvent.click(within(conversation).getByRole('button', { name: 'Send' }));
    expect(await within(conversation).findByText('Credited just now.')).toBeTruthy();
    expect(commands(calls)).toContainEqual({
      command: 'support-reply',
      account: 'demo',
      text: 'Credited just now.',
    });
  });

  it('support: answers feedback, broadcasts a message, mutes a member and deletes a chat message', async () => {
    const calls = serve({
      me: ok(admin),
      'command:support-chats': ok([]),
      'command:feedback-list': ok([
        {
          id: 4,
          type: 'deposit',
          content: 'Not credited',
          status: 'OPEN',
          answer: null,
          createdAt: 0,
          memberId: 1,
        },
      ]),
      'command:feedback-answer': ok({ id: 4 }),
      'command:message-broadcast': ok({ id: 12 }),
      'command:chat-mute': ok({ account: 'demo', mutedUntil: '2026-11-26T09:00:00Z' }),
      'command:chat-delete': ok({ id: 77, deleted: true }),
    });
    vi.stubGlobal('confirm', () => true);
    vi.stubGlobal('prompt', () => 'Credited now');
    open('support');
    fireEvent.click(await screen.findByRole('button', { name: 'Answer: #4' }));
    expect(await screen.findByText('Feedback #4 answered.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Holiday bonus' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Double points today.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to every member' }));
    expect(await screen.findByText('Message #12 sent to every member.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Member account'), { target: { value: 'demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(await screen.findByText(/demo is muted until/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Chat message id'), { target: { value: '77' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete the message' }));
    expect(await screen.findByText('Chat message #77 was deleted.')).toBeTruthy();
    expect(commands(calls)).toEqual(
      expect.arrayContaining([
        { command: 'feedback-answer', id: 4, text: 'Credited now' },
        { command: 'message-broadcast', title: 'Holiday bonus', text: 'Double points today.' },
        { command: 'chat-mute', account: 'demo', minutes: 30 },
        { command: 'chat-delete', id: 77 },
      ]),
    );
  });

  it('support for a read-only role: reads, with no answer, broadcast or moderation', async () => {
    serve({
      me: ok({ name: 'rex', role: 'reporting', permissions: ['site.read', 'messages.read'] }),
      'command:support-chats': ok([]),
      'command:feedback-list': ok([
        {
          id: 4,
          type: 'deposit',
          content: 'Not credited',
          status: 'OPEN',
          answer: null,
          createdAt: 0,
          memberId: 1,
        },
      ]),
    });
    open('support');
    expect(await screen.findByText('Not credited')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Answer: #4' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send to every member' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mute' })).toBeNull();
  });

  it('agent contracts: finds an agent’s contracts, reads a contract’s bills, writes off a bill, terminates, settles a period', async () => {
    let state = 'active';
    let billState = 'partly-paid';
    const contract = () => ({
      id: 41,
      kind: 'daily',
      role: 'held',
      upline: null,
      downline: 'agent01',
      terms: { tiers: [{}, {}] },
      state,
      terminationBy: null,
      replaces: null,
      createdAt: Date.parse('2026-11-20T02:00:00Z'),
      acceptedAt: Date.parse('2026-11-20T03:00:00Z'),
      endedAt: null,
    });
    const calls = serve({
      me: ok(admin),
      'command:contract': (body) => {
        const args = argsOf(body);
        if (args.action === 'list') return ok({ account: 'agent01', contracts: [contract()] });
        if (args.action === 'show')
          return ok({
            contract: contract(),
            bills: [
              {
                id: 7,
                period: '2026-11-25',
                payer: null,
                payee: 'agent01',
                figures: {},
                tier: 1,
                amount: '48.00',
                net: '48.00',
                paid: '20.00',
                state: billState,
                transfers: [],
              },
            ],
          });
        if (args.action === 'write-off') {
          billState = 'written-off';
          return ok({ bill: 7, state: 'written-off', writtenOff: '28.00' });
        }
        if (args.action === 'terminate') {
          state = 'terminated';
          return ok({ id: 41, state });
        }
        return ok({ kind: 'daily', period: '2026-11-26', bills: 3 });
      },
    });
    const reasons = ['the upline paid it outside the platform', 'the agent left'];
    vi.stubGlobal('prompt', () => reasons.shift());
    open('agents');
    fireEvent.change(await screen.findByLabelText('Agent account'), { target: { value: 'agent01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find contracts' }));
    const contracts = await screen.findByRole('region', { name: 'Contracts of agent01' });
    expect(within(contracts).getByRole('cell', { name: 'The house' })).toBeTruthy();
    expect(within(contracts).getByRole('cell', { name: 'Daily salary' })).toBeTruthy();
    fireEvent.click(within(contracts).getByRole('button', { name: 'Bills of contract #41' }));
    const bills = await screen.findByRole('region', { name: 'Bills of contract #41' });
    expect(within(bills).getByRole('cell', { name: 'Partly paid' })).toBeTruthy();
    fireEvent.click(within(bills).getByRole('button', { name: 'Write off bill #7' }));
    expect(await screen.findByText('Bill #7: 28.00 written off.')).toBeTruthy();
    expect(await within(bills).findByRole('cell', { name: 'Written off' })).toBeTruthy();
    expect(within(bills).queryByRole('button', { name: 'Write off bill #7' })).toBeNull();
    fireEvent.click(within(contracts).getByRole('button', { name: 'Terminate contract #41' }));
    expect(await screen.findByText('Contract #41 is now Terminated.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Terminate contract #41' })).toBeNull());
    fireEvent.change(screen.getByLabelText(/^Period/), { target: { value: '2026-11-26' } });
    fireEvent.click(screen.getByRole('button', { name: 'Settle' }));
    expect(await screen.findByText('Daily salary 2026-11-26: 3 bills made.')).toBeTruthy();
    expect(commands(calls).filter((c) => c.action !== 'list' && c.action !== 'show')).toEqual([
      {
        command: 'contract',
        action: 'write-off',
        bill: 7,
        reason: 'the upline paid it outside the platform',
      },
      { command: 'contract', action: 'terminate', id: 41, reason: 'the agent left' },
      { command: 'contract', action: 'settle', kind: 'daily', period: '2026-11-26' },
    ]);
  });

  it('agent applications: lists the waiting ones, approves one, rejects one with a reason', async () => {
    const application = (
      id: number,
      account: string,
      status = 'pending',
      decisionReason: string | null = null,
    ) => ({
      id,
      account,
      reason: 'I run a community of players.',
      channels: ['social', 'chat'],
      teamSize: 30,
      status,
      decisionReason,
      decidedBy: null,
      agentType: null,
      createdAt: Date.parse('2026-11-26T02:00:00Z'),
      decidedAt: null,
    });
    let waiting = [application(5, 'mia'), application(6, 'noah')];
    const calls = serve({
      me: ok(admin),
      'command:affiliate': (body) => {
        const args = argsOf(body);
        if (args.action === 'list') return ok({ applications: args.status === 'pending' ? waiting : [] });
        const row = waiting.find((w) => w.id === args.id)!;
        waiting = waiting.filter((w) => w.id !== args.id);
        return args.action === 'approve'
          ? ok({ ...row, status: 'approved', agentType: 1 })
          : ok({ ...row, status: 'rejected', decisionReason: args.reason });
      },
    });
    vi.stubGlobal('confirm', () => true);
    vi.stubGlobal('prompt', () => 'no channel of its own');
    open('agents');
    fireEvent.click(await screen.findByRole('tab', { name: 'Applications' }));
    expect(await screen.findByRole('cell', { name: 'mia' })).toBeTruthy();
    expect(screen.getAllByRole('cell', { name: 'Social media, Chat groups' })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Approve application #5' }));
    expect(await screen.findByText('mia is an agent now.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'mia' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Reject application #6' }));
    expect(await screen.findByText('The application of noah was rejected.')).toBeTruthy();
    expect(commands(calls).filter((c) => c.action !== 'list')).toEqual([
      { command: 'affiliate', action: 'approve', id: 5 },
      { command: 'affiliate', action: 'reject', id: 6, reason: 'no channel of its own' },
    ]);
  });

  it('agent applications: an operator who may only read sees them without the buttons', async () => {
    serve({
      me: ok({ name: 'rita', role: 'reporting', permissions: ['agents.read'] }),
      'command:affiliate': () =>
        ok({
          applications: [
            {
              id: 5,
              account: 'mia',
              reason: 'I run a community of players.',
              channels: ['website'],
              teamSize: 30,
              status: 'pending',
              decisionReason: null,
              decidedBy: null,
              agentType: null,
              createdAt: 0,
              decidedAt: null,
            },
          ],
        }),
    });
    open('agents');
    fireEvent.click(await screen.findByRole('tab', { name: 'Applications' }));
    expect(await screen.findByRole('cell', { name: 'mia' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve application #5' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject application #5' })).toBeNull();
  });

  it('lottery: filters issues, shows an exposure, cancels an open issue, sets a prize group and voids a ticket', async () => {
    const calls = serve({
      me: ok(admin),
      'command:lottery': (body) => {
        const args = argsOf(body);
        if (args.action === 'issues')
          return ok([
            {
              gameCode: 'k3',
              issueNo: '20261126-0042',
              drawAt: '2026-11-26T08:00:00Z',
              status: 'open',
              tickets: 3,
            },
            {
              gameCode: 'k3',
              issueNo: '20261126-0041',
              drawAt: '2026-11-26T07:58:00Z',
              status: 'settled',
              tickets: 5,
              result: [1, 2, 3],
            },
          ]);
        if (args.action === 'exposure')
          return ok({
            gameCode: 'k3',
            issueNo: '20261126-0042',
            status: 'open',
            totalStake: '30.00',
            selections: [
              { betType: 'sum', selection: '10', tickets: 3, stake: '30.00', worstCasePayout: '270.00' },
            ],
          });
        if (args.action === 'cancel') return ok({ refunded: 3 });
        if (args.action === 'void')
          return ok({
            ticketId: '812',
            memberId: 7,
            game: 'k3',
            issueNo: '20261126-0042',
            stake: '10.00',
            status: 'cancelled',
          });
        return ok({ account: 'demo', before: null, prizeGroup: 1950, playsAt: 1950 });
      },
    });
    vi.stubGlobal('confirm', () => true);
    open('lottery');
    expect(await screen.findByText('1 2 3')).toBeTruthy();
    // A settled issue cannot be cancelled: only the open one offers it.
    expect(screen.queryByRole('button', { name: 'Cancel: k3 20261126-0041' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Exposure: k3 20261126-0042' }));
    expect(await screen.findByText('270.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel: k3 20261126-0042' }));
    expect(await screen.findByText('k3 20261126-0042 cancelled: 3 tickets refunded.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Member account'), { target: { value: 'demo' } });
    fireEvent.change(screen.getByLabelText(/^Prize group/), { target: { value: '1950' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set the prize group' }));
    expect(await screen.findByText('demo plays at prize group 1950 (was the default).')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'open' } });
    await waitFor(() =>
      expect(commands(calls)).toContainEqual({
        command: 'lottery',
        action: 'issues',
        limit: 50,
        status: 'open',
      }),
    );
    expect(commands(calls)).toContainEqual({
      command: 'lottery',
      action: 'prize-group',
      account: 'demo',
      group: '1950',
    });
    // Void one ticket with a reason.
    fireEvent.change(screen.getByLabelText('Ticket number'), { target: { value: ' 812 ' } });
    fireEvent.change(screen.getByLabelText('Reason (kept in the audit log)'), {
      target: { value: 'placed twice by mistake' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Void the ticket' }));
    expect(await screen.findByText('Ticket 812 of k3 20261126-0042 voided: 10.00 refunded.')).toBeTruthy();
    expect(commands(calls)).toContainEqual({
      command: 'lottery',
      action: 'void',
      ticketId: '812',
      reason: 'placed twice by mistake',
    });
  });
});
