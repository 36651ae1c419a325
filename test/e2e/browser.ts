// Browser helpers for the end-to-end tests: Debian's Chromium driven by playwright-core, every
// console error and page error collected, screenshots saved under test-results/screenshots/.
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { LocalStack } from '../../functions/local/stack.js';
import type { TelegramOptions } from '../../functions/local/telegram.js';
import { buildWeb } from '../../web/build.js';
import { client, testStack } from '../setup/stack.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = resolve('test-results/screenshots');

export interface Session {
  browser: Browser;
  userDataDir: string;
  /** Every console error and uncaught page error, with the page it came from. */
  errors: string[];
  close(): Promise<void>;
}

/** Builds the page into a folder of its own (test files run in parallel) and returns it. */
export async function buildPage(name: string): Promise<string> {
  const outDir = resolve('test-results', `web-${name}-${process.pid}`);
  await buildWeb({ outDir });
  return outDir;
}

export async function launch(): Promise<Session> {
  // Playwright gives launch() a fresh temporary profile of its own; this folder holds its downloads.
  const userDataDir = await mkdtemp(join(tmpdir(), 'dusk-chromium-'));
  const browser = await chromium.launch({
    downloadsPath: userDataDir,
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  await mkdir(SCREENSHOTS, { recursive: true });
  const errors: string[] = [];
  return {
    browser,
    userDataDir,
    errors,
    async close() {
      await browser.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

export interface Viewer {
  context: BrowserContext;
  page: Page;
  label: string;
}

/** A separate browser context: its own storage, as a separate person on a separate device. */
export async function person(session: Session, label: string, options: { phone?: boolean; locale?: string } = {}): Promise<Viewer> {
  const context = await session.browser.newContext({
    viewport: options.phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    deviceScaleFactor: 1,
    isMobile: options.phone ?? false,
    hasTouch: options.phone ?? false,
    locale: options.locale ?? 'en-US',
    timezoneId: 'Europe/Rome',
  });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') session.errors.push(`[${label}] console: ${m.text()}${m.location().url ? ` (${m.location().url})` : ''}`);
  });
  page.on('pageerror', (e) => session.errors.push(`[${label}] pageerror: ${e.message}`));
  page.setDefaultTimeout(30_000);
  return { context, page, label };
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Waits until the page shows the phase (the page polls; no reload). */
export async function waitPhase(page: Page, phase: string, timeout = 30_000): Promise<void> {
  await page.locator(`[data-testid=phase][data-phase="${phase}"]`).waitFor({ timeout });
}

/** Every id the player can read in his own card's known list etc. is in the DOM; text helpers: */
export async function texts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).allInnerTexts();
}

/** `expect.poll` with the patience a page that polls every few seconds needs (on a busy machine too). */
export function eventually<T>(read: () => Promise<T> | T, timeout = 25_000) {
  return expect.poll(read, { timeout, interval: 250 });
}

export interface PageStack {
  /** The local stack's address, serving the built page and the API. */
  readonly url: string;
  readonly api: ReturnType<typeof client>;
  readonly session: Session;
}

/**
 * Registers the hooks of a browser test file: before, the page built into its own folder, a local stack
 * serving it (with a Telegram bot when `telegram` gives its options, read once the file's own hooks ran) and Chromium launched; after, all of it closed and removed. The fields are there once the
 * file's tests run.
 */
export function pageStack(name: string, options: { telegram?: () => TelegramOptions } = {}): PageStack {
  let stack: LocalStack | undefined;
  let session: Session | undefined;
  let api: ReturnType<typeof client> | undefined;
  let webDir = '';
  beforeAll(async () => {
    webDir = await buildPage(name);
    stack = await testStack({ webDir, ...(options.telegram ? { telegram: options.telegram() } : {}) });
    api = client(stack.url);
    session = await launch();
  });
  afterAll(async () => {
    await session?.close();
    await stack?.stop();
    if (webDir) await rm(webDir, { recursive: true, force: true });
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('pageStack: used before its beforeAll ran');
    return value;
  };
  return {
    get url() {
      return ready(stack).url;
    },
    get api() {
      return ready(api);
    },
    get session() {
      return ready(session);
    },
  };
}
