import { commandPayload, parseJson, updateCommandArgs } from '@railserve/protocol';
import { signatureMatches } from '@railserve/robot-sim';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateFiles } from '../../src/db/schema/updates.ts';
import { generateUpdateSigningKey } from '../../src/lib/secrets.ts';
import { createUpdateSigner } from '../../src/lib/update-signing.ts';
import { signUpdateFiles } from '../../src/modules/updates/files/service.ts';
import { useTestApp } from '../helper.ts';
import { ROBOT_TEST_CONFIG, type RobotTestEnv, rawDevice, waitFor, waitForRobot } from '../support/robots.ts';
import { createRecord, sha256, updateContent, uploadedFileId } from '../support/updates.ts';

// Update files are signed with the server's Ed25519 key; the key is published in /api/version,
// and the update command carries a path on the server and the signature, never an absolute URL.
const { app, admin } = useTestApp(ROBOT_TEST_CONFIG);
let publicKey: string;

beforeAll(async () => {
  await app.mqtt.waitUntilSubscribed();
  publicKey = (await app.inject({ method: 'GET', url: '/api/version' })).json().data.updateSigningKey;
});

const storedFile = async (id: number) => (await app.db.select().from(updateFiles).where(eq(updateFiles.id, id)))[0];

describe('signing update files', () => {
  it('publishes a 32-byte Ed25519 public key, to anyone, and says so in the OpenAPI document', async () => {
    expect(Buffer.from(publicKey, 'base64')).toHaveLength(32);
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(JSON.stringify(doc.paths['/api/version'].get.responses['200'])).toContain('updateSigningKey');
    expect(doc.paths['/api/v1/updates/{id}/download'].get.responses['429']).toBeDefined();
  });

  it('signs a file at upload: the signature verifies with the published key, and not for other bytes', async () => {
    const content = updateContent.firmware(61);
    const id = await uploadedFileId(app, admin, 'robotfw-6.1.0.bin', content);
    const file = { version: '6.1.0', size: content.length, sha256: sha256(content) };
    const { signature } = await storedFile(id);
    expect(signatureMatches(publicKey, file, signature!)).toBe(true);
    expect(signatureMatches(publicKey, { ...file, sha256: sha256(updateContent.firmware(62)) }, signature!)).toBe(false);
    expect(signatureMatches(publicKey, { ...file, version: '6.1.1' }, signature!)).toBe(false);
    const intruder = createUpdateSigner(generateUpdateSigningKey());
    expect(signatureMatches(publicKey, file, intruder.sign(file))).toBe(false);
  });

  it('signs at start a file stored unsigned or signed by another key', async () => {
    const content = updateContent.firmware(63);
    const id = await uploadedFileId(app, admin, 'robotfw-6.3.0.bin', content);
    const other = await uploadedFileId(app, admin, 'robotfw-6.4.0.bin', updateContent.firmware(64));
    const intruder = createUpdateSigner(generateUpdateSigningKey());
    await app.db.update(updateFiles).set({ signature: null }).where(eq(updateFiles.id, id));
    const forged = intruder.sign({ version: '6.4.0', size: content.length, sha256: sha256(updateContent.firmware(64)) });
    await app.db.update(updateFiles).set({ signature: forged }).where(eq(updateFiles.id, other));
    await signUpdateFiles(app);
    const file = { version: '6.3.0', size: content.length, sha256: sha256(content) };
    expect(signatureMatches(publicKey, file, (await storedFile(id)).signature!)).toBe(true);
    expect((await storedFile(other)).signature).not.toBe(forged);
  });
});

describe('the update command', () => {
  it('carries a path on this server and the signature, checked by the robot with the published key', async () => {
    const env = { app, brokerUrl: `mqtt://127.0.0.1:${app.brokerPorts!.tcp}`, deviceKey: app.secrets.deviceKey } as RobotTestEnv;
    const commands: unknown[] = [];
    const robot = await rawDevice(env, 'SIGN-1', () => ({ ok: true }));
    robot.client.on('message', (_topic, payload) => commands.push(commandPayload.parse(parseJson(payload))));
    await robot.status({ connection: 'online', state: 'idle', battery: 90, alarms: [] });
    await waitForRobot(app, 'SIGN-1', admin, (r) => r.connection === 'online', 'online');
    const content = updateContent.firmware(65);
    const fileId = await uploadedFileId(app, admin, 'robotfw-6.5.0.bin', content);
    // Unsigned until now (a file from before signing): the command signs it on the way.
    await app.db.update(updateFiles).set({ signature: null }).where(eq(updateFiles.id, fileId));
    const record = (await createRecord(app, admin, { version: '6.5.0', deviceSerial: 'SIGN-1', fileId })).json().data;
    const sent = await app.inject({
      method: 'POST',
      url: `/api/v1/robots/SIGN-1/commands`,
      headers: admin,
      payload: { command: 'update', args: { recordId: record.id } },
    });
    expect(sent.statusCode).toBe(200);
    const command = await waitFor(() => commands[0] as { command: string; args: unknown } | undefined, 'the update command');
    const args = updateCommandArgs.parse(command.args);
    expect(args.url).toBe(`/api/v1/updates/${record.id}/download`);
    expect(args.url.startsWith('/') && !args.url.startsWith('//')).toBe(true);
    expect(signatureMatches(publicKey, { version: '6.5.0', size: content.length, sha256: sha256(content) }, args.signature)).toBe(
      true,
    );
    // What the robot's command record keeps: the record and version, never the code or signature.
    expect(sent.json().data.args).toEqual({ recordId: record.id, version: '6.5.0' });
    // Closed once its ack is in, so no publish of it is cut off.
    await waitFor(async () => {
      const list = (await app.inject({ method: 'GET', url: '/api/v1/robots/SIGN-1/commands', headers: admin })).json().data;
      return list.items.some((c: { status: string }) => c.status === 'acknowledged') || undefined;
    }, 'the ack');
    await robot.close();
  });
});
