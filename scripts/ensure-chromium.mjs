// The browser tests drive Debian's Chromium. Install it when it is missing and we can.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = process.getuid?.() === 0;
const sudo = isRoot ? '' : existsSync('/usr/bin/sudo') ? 'sudo ' : null;
if (sudo === null || !existsSync('/usr/bin/apt-get')) {
  console.error(
    `Chromium is missing at ${CHROMIUM}. Install it (Debian: apt-get install chromium) or set CHROME_PATH.`,
  );
  process.exit(1);
}
console.log('Installing Chromium for the browser tests…');
execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq chromium fonts-noto-cjk`, {
  stdio: 'inherit',
  env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
});
