import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Ports and data are chosen once in the main process; workers inherit them through the environment.
// Below Linux's ephemeral range (32768 and up), where outgoing connections could already hold one.
const pick = () => String(20000 + Math.floor(Math.random() * 12000));
process.env.E2E_PORT ??= pick();
process.env.E2E_MQTT_PORT ??= pick();
process.env.E2E_MQTT_WS_PORT ??= pick();
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'rs-e2e-'));
process.env.E2E_DEVICE_KEY ??= 'e2e-device-key-0123456789';
process.env.E2E_ADMIN_PASSWORD ??= 'admin-e2e-pass';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  // One retry in CI, so a rare timing flake does not fail the run; `npm test` names every test
  // that passed only on its retry.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
    // Recording a trace took a third of the suite's CPU (README, "Testing"): in CI only a failed
    // test's retry records one; locally every failure keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The console honours reduced motion (app/theme.ts): no animation frames to draw or wait for.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/start-server.mjs --supervised',
    url: `http://127.0.0.1:${process.env.E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      MQTT_PORT: process.env.E2E_MQTT_PORT,
      MQTT_WS_PORT: process.env.E2E_MQTT_WS_PORT,
      DEVICE_KEY: process.env.E2E_DEVICE_KEY,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      LOGIN_ATTEMPTS_PER_MINUTE: '10000',
      COMMAND_TIMEOUT_MS: '3000',
      ROBOT_OFFLINE_AFTER_S: '3',
      // A rollout's busy robot is asked again every second and waited for 12 s (system-updates.spec.ts).
      ROLLOUT_RETRY_S: '1',
      ROLLOUT_BUSY_DEADLINE_S: '12',
      LOG_LEVEL: 'warn',
    },
  },
});
