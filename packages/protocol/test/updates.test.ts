import { describe, expect, it } from 'vitest';
import {
  checkVersion,
  createUpdateRecordBody,
  parseSiteDeviceUsername,
  parseUpdateFilename,
  siteDeviceUsername,
  updateIdParam,
} from '../src/index.ts';

describe('update filename rules', () => {
  it('takes application-version.extension for each extension', () => {
    expect(parseUpdateFilename('console-1.0.0.zip')).toEqual({
      name: 'console',
      version: '1.0.0',
      extension: 'zip',
      kind: 'application',
    });
    expect(parseUpdateFilename('tablet_app-2.3.4.apk')).toMatchObject({
      name: 'tablet_app',
      extension: 'apk',
      kind: 'application',
    });
    expect(parseUpdateFilename('site-server-10.20.30.bin')).toMatchObject({
      name: 'site-server',
      version: '10.20.30',
      extension: 'bin',
    });
  });

  it('reads name-version.bin as firmware', () => {
    expect(parseUpdateFilename('robotfw-3.1.4.bin')).toEqual({
      name: 'robotfw',
      version: '3.1.4',
      extension: 'bin',
      kind: 'firmware',
    });
  });

  it('keeps every version part within 0-99 and the whole from 1.0.0 to 99.99.99', () => {
    expect(parseUpdateFilename('app-1.0.0.zip')).toMatchObject({ version: '1.0.0' });
    expect(parseUpdateFilename('app-99.99.99.zip')).toMatchObject({ version: '99.99.99' });
    expect(parseUpdateFilename('app-1.99.0.zip')).toMatchObject({ version: '1.99.0' });
    expect(parseUpdateFilename('app-100.0.0.zip')).toBe('invalid_version_number');
    expect(parseUpdateFilename('app-1.100.0.zip')).toBe('invalid_version_number');
    expect(parseUpdateFilename('app-1.0.100.bin')).toBe('invalid_version_number');
    expect(parseUpdateFilename('app-0.9.9.apk')).toBe('invalid_version_number');
    expect(parseUpdateFilename('app-0.0.0.zip')).toBe('invalid_version_number');
    expect(parseUpdateFilename('app-01.0.0.zip')).toBe('invalid_version_number');
  });

  it('refuses other shapes as an invalid filename format', () => {
    for (const name of [
      'app-1.0.0.exe',
      'app-1.0.0.ZIP',
      'app-1.0.zip',
      'app-1.0.0.0.zip',
      'app1.0.0.zip',
      '-1.0.0.zip',
      'app-1.0.0',
      'a pp-1.0.0.zip',
      '../app-1.0.0.zip',
      'app-v1.0.0.zip',
      '',
      `${'a'.repeat(120)}-1.0.0.zip`,
      'app-1.0.0.zip\u0000',
    ]) {
      expect(parseUpdateFilename(name), name).toBe('invalid_filename_format');
    }
  });

  it('checks record versions with the same rule', () => {
    expect(checkVersion('99.99.99')).toBeNull();
    expect(checkVersion('1.0.0')).toBeNull();
    expect(checkVersion('100.1.1')).toBe('invalid_version_number');
    expect(checkVersion('1.2')).toBe('invalid_version_number');
    const body = { deviceType: 'robot', version: '1.100.0', deviceSerial: 'RS-1', fileId: 1 };
    expect(createUpdateRecordBody.safeParse(body).error?.issues[0].message).toBe('invalid_version_number');
  });
});

describe('update ids and device names', () => {
  it('bounds path ids by the int4 column', () => {
    expect(updateIdParam.safeParse({ id: '2147483647' }).success).toBe(true);
    for (const id of ['2147483648', '0', '-1', '1e3', '01', ' 1', '1.0'])
      expect(updateIdParam.safeParse({ id }).success, id).toBe(false);
  });

  it('names the on-site server and tablet of a session', () => {
    expect(siteDeviceUsername('site_server', 'S2026001')).toBe('site-S2026001');
    expect(siteDeviceUsername('tablet', 'S2026001')).toBe('tablet-S2026001');
    expect(parseSiteDeviceUsername('tablet-S2026001')).toEqual({ kind: 'tablet', sessionCode: 'S2026001' });
    expect(parseSiteDeviceUsername('site-')).toBeNull();
    expect(parseSiteDeviceUsername('site-S_1')).toBeNull();
  });
});
