import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/sql.ts';
import { createTestApp, engines, type TestApp } from '../../testing/app.ts';
import { consoleCall, signedInOperator } from '../../testing/operators.ts';
import { MAX_FILTERS } from './filters.ts';

const T0 = Date.UTC(2026, 10, 27, 2, 0, 0);

describe.each(engines)('saved filters of the console on %s', (engine) => {
  const clock = new ManualClock(T0);
  let t: TestApp;
  let fay: string;
  let rex: string;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    fay = await signedInOperator(t, clock, 'fay', 'finance');
    rex = await signedInOperator(t, clock, 'rex', 'reporting');
  });
  afterAll(async () => t.close());

  const filter = (cookie: string, args: Record<string, unknown>) =>
    consoleCall(t, 'command', { args: { command: 'filter', ...args } }, cookie);
  const stored = () =>
    queryRows<{ operator: string; name: string }>(
      t.db.database.db,
      'SELECT operator, name FROM operator_filters ORDER BY id',
      [],
    );

  it('saves, replaces, lists and removes an operator’s own filters, each change audited', async () => {
    const saved = await filter(fay, {
      action: 'save',
      section: 'withdrawals',
      name: 'Waiting',
      filter: { status: 'PENDING' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value).toEqual({ filters: [{ name: 'Waiting', filter: { status: 'PENDING' } }] });
    await filter(fay, {
      action: 'save',
      section: 'withdrawals',
      name: 'Waiting',
      filter: { status: 'PAID' },
    });
    await filter(fay, { action: 'save', section: 'withdrawals', name: 'all', filter: {} });
    expect((await filter(fay, { action: 'list', section: 'withdrawals' })).json().value.filters).toEqual([
      { name: 'all', filter: {} },
      { name: 'Waiting', filter: { status: 'PAID' } },
    ]);
    // Another operator sees none of them, and another page is empty.
    expect((await filter(rex, { action: 'list', section: 'withdrawals' })).json().value.filters).toEqual([]);
    expect((await filter(fay, { action: 'list', section: 'deposits' })).json().value.filters).toEqual([]);
    // It removes only its own.
    expect((await filter(rex, { action: 'remove', section: 'withdrawals', name: 'all' })).statusCode).toBe(
      400,
    );
    const removed = await filter(fay, { action: 'remove', section: 'withdrawals', name: 'all' });
    expect(removed.json().value.filters).toEqual([{ name: 'Waiting', filter: { status: 'PAID' } }]);
    const audit = await queryRows<{ actor: string; action: string; before: unknown; after: unknown }>(
      t.db.database.db,
      `SELECT actor, action, before_state AS before, after_state AS after FROM ops_audit WHERE action LIKE 'filter-%' ORDER BY id`,
      [],
    );
    expect(audit).toEqual([
      { actor: 'fay', action: 'filter-save', before: null, after: { filter: { status: 'PENDING' } } },
      {
        actor: 'fay',
        action: 'filter-save',
        before: { filter: { status: 'PENDING' } },
        after: { filter: { status: 'PAID' } },
      },
      { actor: 'fay', action: 'filter-save', before: null, after: { filter: {} } },
      { actor: 'fay', action: 'filter-remove', before: { filter: {} }, after: null },
    ]);
  });

  it.each([
    [{ action: 'save', section: 'nope', name: 'x', filter: {} }],
    [{ action: 'save', section: 'withdrawals', name: ' ', filter: {} }],
    [{ action: 'save', section: 'withdrawals', name: 'x'.repeat(41), filter: {} }],
    [{ action: 'save', section: 'withdrawals', name: 'x', filter: { status: { nested: true } } }],
    [{ action: 'save', section: 'withdrawals', name: 'x', filter: { 'bad key': 'x' } }],
    [{ action: 'save', section: 'withdrawals', name: 'x', filter: 'status=PENDING' }],
    [{ action: 'save', section: 'withdrawals', name: 'x', filter: {}, extra: 1 }],
    [{ action: 'remove', section: 'withdrawals', name: 'never-saved' }],
  ])('refuses %j with a 4xx and stores nothing', async (args) => {
    const before = await stored();
    const res = await filter(fay, args);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'ops.invalid' });
    expect(await stored()).toEqual(before);
  });

  it(`keeps at most ${MAX_FILTERS} filters a page`, async () => {
    for (let i = (await stored()).length; i < MAX_FILTERS; i++)
      await filter(fay, {
        action: 'save',
        section: 'withdrawals',
        name: `f${i}`,
        filter: { status: 'PAID' },
      });
    const res = await filter(fay, { action: 'save', section: 'withdrawals', name: 'one more', filter: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`At most ${MAX_FILTERS}`);
    // Replacing one still works.
    expect(
      (await filter(fay, { action: 'save', section: 'withdrawals', name: 'f5', filter: {} })).statusCode,
    ).toBe(200);
  });
});
