import { chmod, readFile, rename, writeFile } from 'node:fs/promises';
import { API_PREFIX, type DeviceCredential, deviceBrokerNames } from '@railserve/protocol';

export type EnrollingDevice = { kind: 'robot'; sn: string } | { kind: 'controller'; trackId: number };

export type EnrollmentOptions = {
  /** The console over HTTP (http://host:8080). */
  apiUrl: string;
  enrollmentKey: string;
  /** Where the devices' own passwords are kept between runs (a JSON object username → password, mode 0600). */
  credentialsFile?: string;
};

/** Each device's own password by broker username, as a real device keeps its credential in its storage. */
export class DeviceCredentials {
  private saving = Promise.resolve();

  constructor(
    readonly passwords: Map<string, string>,
    private readonly file?: string,
  ) {}

  static async load(file?: string) {
    if (!file) return new DeviceCredentials(new Map());
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '{}';
      throw error;
    });
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const entries = Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    return new DeviceCredentials(new Map(entries), file);
  }

  set(username: string, password: string) {
    this.passwords.set(username, password);
    return this.save();
  }

  /** Writes the file whole (a temporary file renamed into place), one write at a time. */
  save() {
    const file = this.file;
    if (!file) return Promise.resolve();
    this.saving = this.saving.then(async () => {
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, `${JSON.stringify(Object.fromEntries(this.passwords), null, 2)}\n`, { mode: 0o600 });
      await rename(temporary, file);
      await chmod(file, 0o600).catch(() => {});
    });
    return this.saving;
  }
}

/** Enrolls one device through the console's real endpoint (docs/protocol.md "Device enrollment"). */
export async function enrollDevice(opts: EnrollmentOptions, device: EnrollingDevice): Promise<DeviceCredential> {
  const body = { enrollmentKey: opts.enrollmentKey, ...device };
  const response = await fetch(new URL(`${API_PREFIX}/devices/enroll`, opts.apiUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as { data?: DeviceCredential; message?: string; code?: string };
  const name = deviceBrokerNames(device).username;
  if (response.status === 409)
    throw new Error(
      `${name} is already enrolled: allow its re-enrollment in the console, or give --credentials-file with its saved credential`,
    );
  if (!response.ok || !answer.data) throw new Error(`${name} could not enrol: ${answer.message ?? `HTTP ${response.status}`}`);
  return answer.data;
}

/** Enrolls the devices that have no saved password yet, a few at a time, and saves each as it comes. */
export async function enrollAll(opts: EnrollmentOptions, devices: EnrollingDevice[], saved: DeviceCredentials, concurrency = 20) {
  const missing = devices.filter((d) => !saved.passwords.has(deviceBrokerNames(d).username));
  for (let i = 0; i < missing.length; i += concurrency) {
    const credentials = await Promise.all(missing.slice(i, i + concurrency).map((d) => enrollDevice(opts, d)));
    for (const c of credentials) saved.passwords.set(c.username, c.password);
    await saved.save();
  }
}
