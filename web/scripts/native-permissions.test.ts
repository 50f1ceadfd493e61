import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkNativeProjects, installedPlugins, nativeFiles, pluginNeeds } from './native-permissions.ts';

// Through a variable: Vite rewrites `new URL('…', import.meta.url)` into an asset address.
const here = import.meta.url;
const repoRoot = fileURLToPath(new URL('../..', here));
const webRoot = path.join(repoRoot, 'web');
/** The Capacitor plugins web/package.json ships, found in the installed packages. */
const plugins = installedPlugins(readFileSync(path.join(webRoot, 'package.json'), 'utf8'), webRoot);
const entitlements = ['web/ios/App/App/App.entitlements', 'web/ios/App/App/AppRelease.entitlements'];

const copies: string[] = [];
afterEach(() => {
  for (const copy of copies.splice(0)) rmSync(copy, { recursive: true, force: true });
});

/** The checked files copied to a temporary root, with `file` changed by `change`. */
function copyWith(file: string, change: (text: string) => string): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'uplift-native-check-'));
  copies.push(root);
  for (const relative of [...Object.values(nativeFiles), ...entitlements]) {
    cpSync(path.join(repoRoot, relative), path.join(root, relative));
  }
  const target = path.join(root, file);
  const before = readFileSync(target, 'utf8');
  const after = change(before);
  expect(after, `the change to ${file} applies`).not.toBe(before);
  writeFileSync(target, after);
  return root;
}

/** Drops the `<key>` named `key` and the value element after it from a plist. */
const withoutPlistKey = (key: string) => (plist: string) =>
  plist.replace(new RegExp(`\\s*<key>${key}</key>\\s*<(\\w+)>[^<]*</\\1>`), '');

describe('the native shells against what their plugins need (issue 46.3)', () => {
  it('every plugin in web/package.json is in the table, and the committed projects and docs meet it', () => {
    expect(plugins.toSorted()).toEqual(Object.keys(pluginNeeds).toSorted());
    expect(checkNativeProjects(repoRoot, plugins)).toEqual([]);
  });

  it('fails when a usage string is removed from Info.plist', () => {
    const root = copyWith(nativeFiles.infoPlist, withoutPlistKey('NSCameraUsageDescription'));
    expect(checkNativeProjects(root, plugins)).toEqual([
      '@capacitor/camera: Info.plist needs NSCameraUsageDescription, a sentence saying why Uplift asks',
      'docs/native.md lists iOS NSCameraUsageDescription, which the shells do not declare',
    ]);
  });

  it('fails on a usage string that tells the member nothing', () => {
    const root = copyWith(nativeFiles.infoPlist, (plist) =>
      plist.replace(/(<key>NSLocationWhenInUseUsageDescription<\/key>\s*<string>)[^<]*/, '$1Location'),
    );
    expect(checkNativeProjects(root, plugins)).toContain(
      '@capacitor/geolocation: Info.plist needs NSLocationWhenInUseUsageDescription, a sentence saying why Uplift asks',
    );
  });

  it('fails when an Android permission is removed, or loses its API ceiling', () => {
    const withoutNotifications = copyWith(nativeFiles.manifest, (xml) =>
      xml.replace(/\s*<uses-permission android:name="android.permission.POST_NOTIFICATIONS" \/>/, ''),
    );
    expect(checkNativeProjects(withoutNotifications, plugins)).toEqual([
      '@capacitor/push-notifications: AndroidManifest.xml needs android.permission.POST_NOTIFICATIONS',
      'docs/native.md lists Android POST_NOTIFICATIONS, which the shells do not declare',
    ]);
    const storageOnEveryVersion = copyWith(nativeFiles.manifest, (xml) =>
      xml.replace(/(WRITE_EXTERNAL_STORAGE") android:maxSdkVersion="29"/, '$1'),
    );
    expect(checkNativeProjects(storageOnEveryVersion, plugins)).toEqual([
      '@capacitor/filesystem: android.permission.WRITE_EXTERNAL_STORAGE should have maxSdkVersion 29',
    ]);
  });

  it('fails on a permission no plugin needs', () => {
    const root = copyWith(nativeFiles.manifest, (xml) =>
      xml.replace(
        '</manifest>',
        '    <uses-permission android:name="android.permission.CAMERA" />\n</manifest>',
      ),
    );
    expect(checkNativeProjects(root, plugins)).toEqual([
      'AndroidManifest.xml declares CAMERA, which no plugin in pluginNeeds needs',
      'docs/native.md does not list Android CAMERA',
    ]);
  });

  it('fails when a plugin is not registered in a shell', () => {
    const root = copyWith(nativeFiles.packageSwift, (swift) =>
      swift.replace(/\s*\.product\(name: "CapacitorCamera", package: "CapacitorCamera"\),/, ''),
    );
    expect(checkNativeProjects(root, plugins)).toEqual([
      '@capacitor/camera is not registered in CapApp-SPM/Package.swift (run npx cap sync)',
    ]);
  });

  it('fails when push loses its production entitlements or its AppDelegate forwarding', () => {
    const debugForRelease = copyWith(nativeFiles.xcodeProject, (pbxproj) =>
      pbxproj.replace(
        'CODE_SIGN_ENTITLEMENTS = App/AppRelease.entitlements;',
        'CODE_SIGN_ENTITLEMENTS = App/App.entitlements;',
      ),
    );
    expect(checkNativeProjects(debugForRelease, plugins)).toEqual([
      '@capacitor/push-notifications: App/App.entitlements (Release) needs aps-environment production',
    ]);
    const notForwarded = copyWith(nativeFiles.appDelegate, (swift) =>
      swift.replace(
        /NotificationCenter\.default\.post\(name: \.capacitorDidRegisterForRemoteNotifications[^\n]*/,
        '',
      ),
    );
    expect(checkNativeProjects(notForwarded, plugins)).toEqual([
      '@capacitor/push-notifications: AppDelegate.swift must post .capacitorDidRegisterForRemoteNotifications from didRegisterForRemoteNotificationsWithDeviceToken',
    ]);
  });

  it('fails when the privacy manifest loses the file-timestamp reason', () => {
    const root = copyWith(nativeFiles.privacyManifest, (xml) => xml.replace('C617.1', 'DDA9.1'));
    expect(checkNativeProjects(root, plugins)).toEqual([
      '@capacitor/filesystem: PrivacyInfo.xcprivacy needs NSPrivacyAccessedAPICategoryFileTimestamp with reason C617.1',
    ]);
  });

  it('fails when docs/native.md leaves a permission out', () => {
    const root = copyWith(nativeFiles.docs, (docs) =>
      docs.replace(/^\| Android \| `ACCESS_FINE_LOCATION`.*\n/m, ''),
    );
    expect(checkNativeProjects(root, plugins)).toEqual([
      'docs/native.md does not list Android ACCESS_FINE_LOCATION',
    ]);
  });

  it('fails on a plugin the table does not know', () => {
    expect(checkNativeProjects(repoRoot, [...plugins, '@capacitor/local-notifications'])).toEqual([
      '@capacitor/local-notifications is in web/package.json but not in pluginNeeds: read its README and add it',
    ]);
  });
});
