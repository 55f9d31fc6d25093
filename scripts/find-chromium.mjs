// Where the e2e tests and the browser benches find Chromium: an environment variable, the system's package, or a
// browser Playwright installed. Plain JS so that scripts, the Playwright config and the benches all import it.
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Environment variables naming a Chromium (or Chrome) executable, in the order they are read. */
export const CHROMIUM_ENV = ['TIDE_CHROMIUM', 'CHROME_PATH', 'PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH'];

const SYSTEM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** Chromium builds `npx playwright install chromium` left in its cache (newest first). */
function playwrightBrowsers(env) {
  const roots = [
    env.PLAYWRIGHT_BROWSERS_PATH,
    join(homedir(), '.cache', 'ms-playwright'),
    join(homedir(), 'Library', 'Caches', 'ms-playwright'),
  ].filter((root) => root && root !== '0' && existsSync(root));
  const found = [];
  for (const root of roots) {
    const builds = readdirSync(root)
      .filter((name) => /^chromium(_headless_shell)?-\d+$/.test(name))
      .sort((a, b) => Number(b.split('-').pop()) - Number(a.split('-').pop()));
    for (const build of builds) {
      for (const exe of [
        'chrome-linux/chrome',
        'chrome-linux64/chrome',
        'chrome-headless-shell-linux64/chrome-headless-shell',
        'chrome-mac/Chromium.app/Contents/MacOS/Chromium',
      ]) {
        found.push(join(root, build, exe));
      }
    }
  }
  return found;
}

/** The Chromium executable to drive, or undefined when none is installed. A variable naming a missing file counts as none. */
export function findChromium(env = process.env, exists = existsSync) {
  for (const name of CHROMIUM_ENV) {
    const value = env[name];
    if (value) return exists(value) ? value : undefined;
  }
  return [...SYSTEM_PATHS, ...playwrightBrowsers(env)].find((path) => exists(path));
}

/** What to tell someone whose machine has no Chromium. */
export function chromiumMissingMessage(env = process.env) {
  const named = CHROMIUM_ENV.find((name) => env[name]);
  const first = named ? `${named}=${env[named]} does not exist.` : 'No Chromium found.';
  return [
    `${first} The end-to-end tests and the browser benches drive Chromium. Install one of:`,
    '  Debian/Ubuntu:  sudo apt-get install chromium',
    '  any system:     npx playwright install chromium',
    `or point ${CHROMIUM_ENV[0]} (or CHROME_PATH) at a Chromium or Chrome executable.`,
  ].join('\n');
}
