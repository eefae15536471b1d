import { expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { SimRobot } from '@railserve/robot-sim';
import { adminCall } from './support/api.ts';
import { type Instance, startCluster } from './support/cluster.ts';
import { uniqueSn } from './support/fleet.ts';
import { ADMIN, createUser, signInWithToken, useLocale } from './support/session.ts';

// Production mode (docs/deploy.md): Mosquitto with dynamic security, PostgreSQL and two server
// instances. A browser signed in on instance A gets a broker account of its own and stays live
// while the robot's statuses are shared out between the instances; a command sent through A is
// answered by the robot's ack whichever instance hears it; every event is recorded once. A robot
// enrolled through A is a Mosquitto client of its own; revoking it through B signs it out.

const sn = uniqueSn('CLU');
let cluster: Awaited<ReturnType<typeof startCluster>>;
let robot: SimRobot;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  cluster = await startCluster([sn], ADMIN.password);
});
test.afterAll(async () => {
  await robot?.stop().catch(() => {});
  await cluster?.stop();
});

/** An API client on one instance (the support helpers sign in as its administrator). */
const clientOf = (instance: Instance) => playwrightRequest.newContext({ baseURL: instance.url });

/** A new administrator opens the robots screen on instance A, filtered to the robot, and is live. */
async function openRobotsOnA(page: Page) {
  const onA = await clientOf(cluster.a);
  const user = await createUser(onA, 0);
  await useLocale(page, 'en');
  await signInWithToken(page, onA, user.username, user.password);
  await page.goto(`${cluster.a.url}/robots?q=${sn}`);
  // The console's live connection is Mosquitto's WebSocket listener, with the account A made for it.
  await expect(page.getByRole('banner').getByText(/^Connected$/)).toBeVisible();
  return { onA, row: page.getByTestId(`robot-row-${sn}`) };
}

test('a browser on instance A follows a robot both instances ingest, live, and commands it', async ({ page }) => {
  const { onA, row } = await openRobotsOnA(page);
  await expect(row).toHaveCount(0);

  // Its battery changes only when the test sets it.
  const steady = { chargePerStep: 0, drainPerStep: 0 };
  robot = new SimRobot({ url: cluster.mosquitto.url, deviceKey: cluster.deviceKey, sn, initMs: 0, battery: 90, ...steady });
  await robot.start();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Online');
  // Mosquitto hands the shared status subscription's messages to the instances in turn: these
  // changes reach A's page through both instances' console feeds.
  for (const level of [81, 72, 63, 54, 45, 36]) {
    robot.setBattery(level);
    await expect(row).toContainText(`${level}%`);
  }

  // A setting applied through A: the robot's ack answers it (whichever instance hears it first).
  await row.getByTestId('robot-settings').click();
  const dialog = page.getByTestId('robot-settings-dialog');
  await dialog.getByRole('tab', { name: 'Basic' }).click();
  const form = dialog.getByTestId('robot-config-basic');
  const wanted = robot.model.config.basic.volume === 35 ? 36 : 35;
  await form.getByLabel('Volume').fill(String(wanted));
  await form.getByTestId('robot-config-apply-basic').click();
  await expect(form.getByTestId('robot-config-state-basic')).toHaveText('Acknowledged');
  expect(robot.model.config.basic.volume).toBe(wanted);

  // Instance B reads the same command, acknowledged, once.
  const onB = await clientOf(cluster.b);
  const commands = await adminCall<{ items: { command: string; status: string }[] }>(
    onB,
    'get',
    `/robots/${sn}/commands?pageSize=50`,
    undefined,
    [200],
  );
  expect(commands.items.filter((c) => c.command === 'config')).toEqual([expect.objectContaining({ status: 'acknowledged' })]);
  await onA.dispose();
  await onB.dispose();
});

test('the robot losing power goes offline on A, and the log and the audit hold each event once', async ({ page }) => {
  const { onA, row } = await openRobotsOnA(page);
  await expect(row).toContainText('Online');
  robot.crash();
  await expect(row).toContainText('Offline');

  const onB = await clientOf(cluster.b);
  type Records = { items: { ts: string; type: string; message: string; source: string }[] };
  const logs = () => adminCall<Records>(onB, 'get', `/logs?robotSn=${sn}&pageSize=500`, undefined, [200]);
  // Robots stay silent past the offline time: a second instance judging it silent writes nothing more.
  await page.waitForTimeout(6_000);
  const records = (await logs()).items;
  const count = (type: string) => records.filter((r) => r.type === type).length;
  expect(count('robot_registered'), JSON.stringify(records)).toBe(1);
  expect(count('robot_offline'), JSON.stringify(records)).toBe(1);
  const keys = records.map((r) => `${r.ts} ${r.source} ${r.type} ${r.message}`);
  expect(new Set(keys).size).toBe(keys.length);

  const audit = await adminCall<{ items: { target: string }[] }>(
    onB,
    'get',
    `/audit?target=${encodeURIComponent(`robots/${sn}/config/basic`)}&pageSize=50`,
    undefined,
    [200],
  );
  expect(audit.items).toHaveLength(1);
  await onA.dispose();
  await onB.dispose();
});

test('a robot enrolled through A signs in to Mosquitto with its own credential, and revoking it on B ends that', async ({
  page,
}) => {
  const enrolledSn = uniqueSn('CLE');
  const onA = await clientOf(cluster.a);
  const session = await adminCall<{ id: number }>(onA, 'post', '/sessions', {
    code: `CLE${Date.now().toString(36).slice(-5)}`,
    name: 'Enrollment on Mosquitto',
    mac: '02:00:00:00:ce:01',
    trackIds: [],
  });
  const { key } = await adminCall<{ key: string }>(onA, 'post', '/enrollment-keys', {
    sessionId: session.id,
    uses: 1,
    expiresInMinutes: 10,
  });
  // No password file line for it: the server made its client on Mosquitto at enrollment.
  const enrolled = await onA.post('/api/v1/devices/enroll', { data: { enrollmentKey: key, kind: 'robot', sn: enrolledSn } });
  expect(enrolled.status()).toBe(200);
  const { password } = (await enrolled.json()).data as { password: string };
  const device = new SimRobot({
    url: cluster.mosquitto.url,
    deviceKey: password,
    sn: enrolledSn,
    initMs: 0,
    reconnectPeriodMs: 500,
  });
  await device.start();
  const user = await createUser(onA, 0);
  await useLocale(page, 'en');
  await signInWithToken(page, onA, user.username, user.password);
  await page.goto(`${cluster.a.url}/robots?q=${enrolledSn}`);
  const row = page.getByTestId(`robot-row-${enrolledSn}`);
  await expect(row).toContainText('Online');

  // Revoked through B: Mosquitto disables its client, which ends the session; it cannot come back.
  const onB = await clientOf(cluster.b);
  await adminCall(onB, 'post', `/robots/${enrolledSn}/credential/revoke`);
  await expect(row).toContainText('Offline');
  await device.stop();
  await onA.dispose();
  await onB.dispose();
});
