import { createRequire } from 'node:module';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

/** the Debian `chromium` package's browser (the registry's browser download is not available here) */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}

/** axe-core run in the page: the serious and critical violations, each with the elements it found */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  await page.addScriptTag({ path: axePath });
  const results = await page.evaluate<{ violations: unknown[] }>('axe.run(document)');
  return (results.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Whether the browser tests write their screenshots (test-output/web): they are for a person to look at, and nothing
 * reads them, so CI, where nobody looks, leaves them out (BYGGDOK_TEST_SCREENSHOTS=on writes them there too, =off
 * leaves them out anywhere).
 */
export const WRITE_SCREENSHOTS = (process.env.BYGGDOK_TEST_SCREENSHOTS ?? (process.env.CI ? 'off' : 'on')) !== 'off';

/** a screenshot of the page (the whole page with fullPage) or of one element, written to `file` when they are kept */
export async function screenshot(
  target: Page | Locator,
  file: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (WRITE_SCREENSHOTS) await target.screenshot({ path: file, ...options });
}
