// Finds Debian's Chromium for the browser tests; as root on Debian it installs it with apt when missing.
//
// The journeys take Chromium's headless shell (Debian's `chromium-headless-shell`, the browser without its window
// and profile machinery, the build Playwright itself runs headless): the same engine, 15–20 % less CPU over the
// same journeys (docs/decisions/068). Where it cannot be had, the full browser runs them. CHROMIUM_PATH names a
// binary and wins over both. Beside the browser, the system's faces for Urdu and Bengali (Debian's Noto), as a phone
// has them: a first visit to those pages is drawn in them (docs/decisions/071). Without them the browser draws
// those pages in the site's own faces.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const FULL = { path: '/usr/bin/chromium', apt: 'chromium' };
const SHELL = { path: '/usr/bin/chromium-headless-shell', apt: 'chromium-headless-shell' };
const SYSTEM_FACES = {
  path: '/usr/share/fonts/truetype/noto/NotoSansBengali-Regular.ttf',
  apt: 'fonts-noto-core',
};

function aptInstall(pkg) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !fs.existsSync('/usr/bin/apt-get')) return false;
  console.log(`${pkg} is missing: installing it with apt-get...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', pkg],
  ]) {
    if (spawnSync('apt-get', args, { stdio: 'inherit', env }).status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed`);
      return false;
    }
  }
  return true;
}

/**
 * The Chromium binary to run: CHROMIUM_PATH when set; otherwise, with `{ headlessShell: true }`, the headless shell
 * (installed when missing, as root on Debian), else the full browser (likewise). Exits with the way to install it
 * when there is none.
 */
export function ensureChromium({ headlessShell = false } = {}) {
  if (!fs.existsSync(SYSTEM_FACES.path) && !aptInstall(SYSTEM_FACES.apt)) {
    console.log(
      `No ${SYSTEM_FACES.apt}: Urdu and Bengali pages are drawn in the site's faces from the first visit.`,
    );
  }
  if (process.env.CHROMIUM_PATH) {
    if (fs.existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    console.error(`Chromium was not found at CHROMIUM_PATH=${process.env.CHROMIUM_PATH}.`);
    process.exit(1);
  }
  const wanted = headlessShell ? [SHELL, FULL] : [FULL];
  // In that order: the one there, else the one apt installs.
  for (const { path, apt } of wanted) {
    if (fs.existsSync(path) || (aptInstall(apt) && fs.existsSync(path))) return path;
  }
  console.error(
    `Chromium was not found at ${wanted.map(({ path }) => path).join(' or ')}. Install it with:\n` +
      `  sudo apt-get update && sudo apt-get install -y ${wanted[0].apt}\n` +
      'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureChromium({ headlessShell: process.argv.includes('--headless-shell') }));
}
