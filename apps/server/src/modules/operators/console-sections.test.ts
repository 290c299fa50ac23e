import { CONSOLE_SECTIONS, type ConsoleSection } from '@aurum/contract/console';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { COMMAND_PERMISSIONS, PERMISSIONS, type Permission, ROLE_PERMISSIONS, ROLES } from './index.ts';

const sections: readonly ConsoleSection[] = CONSOLE_SECTIONS;

/**
 * Every command and action the operator API knows, as `name` or `name:action`, with its
 * permission: the operator commands, and the console's own (four-eyes `approval`).
 */
function commandEntries(names: string[]) {
  const entries: { key: string; command: string; permission: Permission }[] = [];
  for (const command of new Set([...names, ...Object.keys(COMMAND_PERMISSIONS)])) {
    const entry = COMMAND_PERMISSIONS[command];
    if (entry === undefined) continue; // operators.test.ts holds every command to having one
    if (typeof entry === 'string') entries.push({ key: command, command, permission: entry });
    else
      for (const [action, permission] of Object.entries(entry))
        entries.push({ key: `${command}:${action}`, command, permission });
  }
  return entries;
}

const lists = (section: ConsoleSection, key: string, command: string) =>
  section.commands.includes(key) || section.commands.includes(command);

describe('the console has a page for every operator command', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t.close());

  it('lists every command and action in a section a role holding its permission can open', () => {
    const entries = commandEntries(t.app.ops.commandNames());
    expect(entries.length).toBeGreaterThan(0);
    for (const { key, command, permission } of entries) {
      const showing = sections.filter((s) => lists(s, key, command));
      expect(
        showing.map((s) => s.id),
        `no console section runs ${key}`,
      ).not.toEqual([]);
      expect(PERMISSIONS, `${key}: ${permission}`).toContain(permission);
      // Every role that may run it opens a section that runs it (a section may also read a
      // command for context, like the games page reading the vendors from `status`).
      for (const role of ROLES) {
        if (!ROLE_PERMISSIONS[role].includes(permission)) continue;
        const open = showing.filter((s) => ROLE_PERMISSIONS[role].includes(s.permission as Permission));
        expect(
          open.map((s) => s.id),
          `${role} may run ${key} (${permission}) but opens none of ${showing.map((s) => `${s.id} (${s.permission})`).join(', ')}`,
        ).not.toEqual([]);
      }
    }
  });

  it('names only real commands, actions and permissions in the sections, each section once', () => {
    const known = new Set(commandEntries(t.app.ops.commandNames()).flatMap((e) => [e.key, e.command]));
    const ids = sections.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const section of sections) {
      expect(PERMISSIONS, section.id).toContain(section.permission);
      for (const listed of section.commands) expect(known.has(listed), `${section.id}: ${listed}`).toBe(true);
    }
  });
});
