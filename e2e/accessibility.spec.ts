import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { formatLogEvent } from '@railserve/protocol';
import { robotRegistered } from './support/api.ts';
import { connectAsRobot, stopDevices, uniqueSn } from './support/fleet.ts';
import { createUser, signInWithToken, useLocale } from './support/session.ts';

// Issue 13: axe-core finds no serious or critical accessibility violation on the login,
// dashboard, robots and logs pages, in either language. axe-core is injected as it is
// (@axe-core/playwright needs a newer Node than the console supports).

test.afterEach(stopDevices);
// The console's Content-Security-Policy refuses inline scripts, which is how axe is injected.
test.use({ bypassCSP: true });

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core');

type Violation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
};

/** Runs axe over the whole page and answers its serious and critical violations, readably. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } })
      .axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.html.slice(0, 160)} — ${n.failureSummary ?? v.help}`,
      ),
    );
}

/** The page has its content: no spinner left, and animations (tags fading in) are done. */
async function settled(page: Page) {
  await expect(page.locator('main, [role="main"]').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.ant-spin-spinning:visible, .ant-skeleton-active:visible')).toHaveCount(0);
  await page.waitForTimeout(500);
}

for (const locale of ['zh-TW', 'en'] as const) {
  test(`${locale}: login, dashboard, robots and logs have no serious or critical axe violations`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const sn = uniqueSn('A11Y');
    const robot = await connectAsRobot(sn);
    await robot.status({ battery: 15, alarms: ['low_battery'] });
    await robotRegistered(request, sn);
    await robot.log({
      level: 'warning',
      type: 'alarm',
      message: formatLogEvent('device_alarm_raised', { alarm: 'low_battery' }),
    });
    await useLocale(page, locale);

    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    await settled(page);
    expect.soft(await seriousViolations(page), 'login').toEqual([]);

    const admin = await createUser(request, 0);
    await signInWithToken(page, request, admin.username, admin.password);
    for (const path of ['/dashboard', `/robots?q=${sn}`, '/logs']) {
      await page.goto(path);
      await settled(page);
      expect.soft(await seriousViolations(page), path).toEqual([]);
      await expect.soft(page.locator('h1'), `one h1 on ${path}`).toHaveCount(1);
    }
  });
}
