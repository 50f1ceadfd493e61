/**
 * What each Capacitor plugin in web/package.json needs in the iOS and Android shells, and a check of the
 * committed projects (and docs/native.md) against it (issue 46.3, decision 0064). The needs are taken from
 * each plugin's README (node_modules/@capacitor/<name>/README.md, "iOS" and "Android" sections); a plugin
 * added to package.json without a row here fails the check, so its README is read before it ships.
 *
 * Runs in the web project's tests (jsdom provides DOMParser for the Android manifest).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parsePlist, type PlistObject, type PlistValue } from 'plist';

interface AndroidPermission {
  /** After `android.permission.` */
  name: string;
  /** Declared only up to this API level (`android:maxSdkVersion`). */
  maxSdk?: number;
}

export interface PluginNeeds {
  /** The Swift package `cap sync` lists in CapApp-SPM/Package.swift. */
  iosPackage: string;
  /** Info.plist purpose strings iOS shows when it asks the member (the app is killed without them). */
  iosUsage?: string[];
  /** Info.plist switches that must be on. */
  iosFlags?: string[];
  /** PrivacyInfo.xcprivacy: required-reason API category and the reason code given for it. */
  iosPrivacyApis?: Record<string, string>;
  /** The Push Notifications capability: aps-environment entitlements and the AppDelegate forwarding. */
  iosPush?: boolean;
  /** `<uses-permission>` the app's manifest must declare (the plugin's own manifest does not). */
  androidPermissions?: AndroidPermission[];
}

/**
 * From the READMEs of the versions in web/package.json. Haptics (VIBRATE) and Network
 * (ACCESS_NETWORK_STATE) declare their normal permissions in their own manifests, merged at build time.
 */
export const pluginNeeds: Record<string, PluginNeeds> = {
  // Links into the app (appUrlOpen) and Android's back button; the URL scheme is not a permission.
  '@capacitor/app': { iosPackage: 'CapacitorApp' },
  '@capacitor/browser': { iosPackage: 'CapacitorBrowser' },
  '@capacitor/camera': {
    iosPackage: 'CapacitorCamera',
    iosUsage: [
      'NSCameraUsageDescription',
      'NSPhotoLibraryUsageDescription',
      'NSPhotoLibraryAddUsageDescription',
    ],
    // No Android permission: the system camera app takes the photo (decision 0064).
  },
  '@capacitor/filesystem': {
    iosPackage: 'CapacitorFilesystem',
    iosFlags: ['UIFileSharingEnabled', 'LSSupportsOpeningDocumentsInPlace'],
    iosPrivacyApis: { NSPrivacyAccessedAPICategoryFileTimestamp: 'C617.1' },
    androidPermissions: [
      { name: 'READ_EXTERNAL_STORAGE', maxSdk: 29 },
      { name: 'WRITE_EXTERNAL_STORAGE', maxSdk: 29 },
    ],
  },
  '@capacitor/geolocation': {
    iosPackage: 'CapacitorGeolocation',
    iosUsage: ['NSLocationWhenInUseUsageDescription', 'NSLocationAlwaysAndWhenInUseUsageDescription'],
    androidPermissions: [{ name: 'ACCESS_COARSE_LOCATION' }, { name: 'ACCESS_FINE_LOCATION' }],
  },
  '@capacitor/haptics': { iosPackage: 'CapacitorHaptics' },
  '@capacitor/network': { iosPackage: 'CapacitorNetwork' },
  '@capacitor/push-notifications': {
    iosPackage: 'CapacitorPushNotifications',
    iosPush: true,
    androidPermissions: [{ name: 'POST_NOTIFICATIONS' }],
  },
  // The system share sheet; it shares a link, never a file, so no Android file paths (decision 0093).
  '@capacitor/share': { iosPackage: 'CapacitorShare' },
  '@capacitor/status-bar': { iosPackage: 'CapacitorStatusBar' },
};

/** The app itself talks to the API. */
const appAndroidPermissions: AndroidPermission[] = [{ name: 'INTERNET' }];

/** The files the check reads, relative to the repository root. */
export const nativeFiles = {
  infoPlist: 'web/ios/App/App/Info.plist',
  privacyManifest: 'web/ios/App/App/PrivacyInfo.xcprivacy',
  appDelegate: 'web/ios/App/App/AppDelegate.swift',
  xcodeProject: 'web/ios/App/App.xcodeproj/project.pbxproj',
  packageSwift: 'web/ios/App/CapApp-SPM/Package.swift',
  manifest: 'web/android/app/src/main/AndroidManifest.xml',
  settingsGradle: 'web/android/capacitor.settings.gradle',
  buildGradle: 'web/android/app/capacitor.build.gradle',
  docs: 'docs/native.md',
} as const;

/** A purpose string a member can act on: a sentence naming the app, not Xcode's empty default. */
const shortestPurpose = 40;

/** An installed package's package.json, looked up as Node does (not through `exports`, which may hide it). */
function installedManifest(
  name: string,
  fromDir: string,
): { capacitor?: { ios?: unknown; android?: unknown } } {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file))
      return JSON.parse(readFileSync(file, 'utf8')) as ReturnType<typeof installedManifest>;
    if (path.dirname(dir) === dir) throw new Error(`${name} is not installed (run npm ci)`);
  }
}

/** The dependencies that are Capacitor plugins: their package.json has a `capacitor` section for a shell. */
export function installedPlugins(packageJson: string, fromDir: string): string[] {
  const { dependencies = {} } = JSON.parse(packageJson) as { dependencies?: Record<string, string> };
  return Object.keys(dependencies).filter((name) => {
    const { capacitor } = installedManifest(name, fromDir);
    return Boolean(capacitor?.ios ?? capacitor?.android);
  });
}

/** Capacitor CLI's Gradle project name for a plugin (`@capacitor/status-bar` → `capacitor-status-bar`). */
const gradleName = (plugin: string) => plugin.replace(/^@/, '').replace(/\//g, '-');

const isObject = (value: PlistValue | undefined): value is PlistObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** The App target's build configurations (those naming its Info.plist) and their entitlements file. */
function appEntitlements(pbxproj: string): Map<string, string | null> {
  const configurations = new Map<string, string | null>();
  const block = /\/\* (\w+) \*\/ = \{\s*isa = XCBuildConfiguration;([\s\S]*?)\n\t\t\};/g;
  for (const [, name, body] of pbxproj.matchAll(block)) {
    if (!name || !body?.includes('INFOPLIST_FILE = App/Info.plist;')) continue;
    configurations.set(name, /CODE_SIGN_ENTITLEMENTS = "?([^";]+)"?;/.exec(body)?.[1] ?? null);
  }
  return configurations;
}

/** The permission table of docs/native.md: `| Shell | Permission | Plugin | What it is for |`. */
export function documentedPermissions(docs: string): Map<string, string> {
  const rows = new Map<string, string>();
  const section = /^## Permissions\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(docs)?.[1] ?? '';
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim().replace(/^`|`$/g, ''));
    const [, shell, key, , purpose] = cells;
    if (!shell || !key || !purpose || !/^(iOS|Android)$/.test(shell)) continue;
    rows.set(`${shell} ${key}`, purpose);
  }
  return rows;
}

/**
 * Every way the shells fall short of what their `plugins` (`installedPlugins`) need, in words; empty when
 * they do not. `root` holds the files of `nativeFiles`.
 */
export function checkNativeProjects(root: string, plugins: readonly string[]): string[] {
  const read = (file: keyof typeof nativeFiles) => readFileSync(path.join(root, nativeFiles[file]), 'utf8');
  const problems: string[] = [];
  const infoPlist = parsePlist(read('infoPlist'));
  if (!isObject(infoPlist)) return [`${nativeFiles.infoPlist} is not a dictionary`];
  const manifest = new DOMParser().parseFromString(read('manifest'), 'application/xml');
  const declared = new Map<string, number | null>();
  for (const element of manifest.getElementsByTagName('uses-permission')) {
    const name = element.getAttribute('android:name')?.replace(/^android\.permission\./, '');
    const maxSdk = element.getAttribute('android:maxSdkVersion');
    if (name) declared.set(name, maxSdk ? Number(maxSdk) : null);
  }
  const [settingsGradle, buildGradle, packageSwift] = [
    read('settingsGradle'),
    read('buildGradle'),
    read('packageSwift'),
  ];

  const needed = { usage: new Set<string>(), android: [...appAndroidPermissions] };
  for (const plugin of plugins) {
    const needs = pluginNeeds[plugin];
    if (!needs) {
      problems.push(`${plugin} is in web/package.json but not in pluginNeeds: read its README and add it`);
      continue;
    }
    const gradle = gradleName(plugin);
    if (!settingsGradle.includes(`include ':${gradle}'`) || !buildGradle.includes(`project(':${gradle}')`)) {
      problems.push(`${plugin} is not registered in the Android project (run npx cap sync)`);
    }
    if (
      !packageSwift.includes(`.package(name: "${needs.iosPackage}"`) ||
      !packageSwift.includes(`.product(name: "${needs.iosPackage}"`)
    ) {
      problems.push(`${plugin} is not registered in CapApp-SPM/Package.swift (run npx cap sync)`);
    }
    for (const key of needs.iosUsage ?? []) {
      needed.usage.add(key);
      const text = infoPlist[key];
      if (typeof text !== 'string' || text.trim().length < shortestPurpose || !text.includes('Uplift')) {
        problems.push(`${plugin}: Info.plist needs ${key}, a sentence saying why Uplift asks`);
      }
    }
    for (const key of needs.iosFlags ?? []) {
      if (infoPlist[key] !== true) problems.push(`${plugin}: Info.plist needs ${key} set to true`);
    }
    if (needs.iosPrivacyApis) problems.push(...privacyProblems(plugin, needs.iosPrivacyApis, read));
    if (needs.iosPush) problems.push(...pushProblems(plugin, root, read));
    for (const permission of needs.androidPermissions ?? []) {
      needed.android.push(permission);
      if (!declared.has(permission.name)) {
        problems.push(`${plugin}: AndroidManifest.xml needs android.permission.${permission.name}`);
      } else if ((declared.get(permission.name) ?? undefined) !== permission.maxSdk) {
        problems.push(
          `${plugin}: android.permission.${permission.name} should have maxSdkVersion ${permission.maxSdk ?? '(none)'}`,
        );
      }
    }
  }

  // Nothing asked for that no plugin needs: every prompt the member sees has a reason in the table.
  const usageKeys = Object.keys(infoPlist).filter((key) => /^NS\w+UsageDescription$/.test(key));
  for (const key of usageKeys) {
    if (!needed.usage.has(key))
      problems.push(`Info.plist declares ${key}, which no plugin in pluginNeeds needs`);
  }
  const neededAndroid = new Set(needed.android.map(({ name }) => name));
  for (const name of declared.keys()) {
    if (!neededAndroid.has(name)) {
      problems.push(`AndroidManifest.xml declares ${name}, which no plugin in pluginNeeds needs`);
    }
  }

  // docs/native.md lists exactly what the shells declare, quoting the iOS purpose strings.
  const documented = documentedPermissions(read('docs'));
  const expected = new Map<string, string | null>([
    ...usageKeys.map((key) => [`iOS ${key}`, String(infoPlist[key])] as const),
    ...[...declared.keys()].map((name) => [`Android ${name}`, null] as const),
  ]);
  for (const [row, text] of expected) {
    if (!documented.has(row)) problems.push(`docs/native.md does not list ${row}`);
    else if (text !== null && documented.get(row) !== text) {
      problems.push(`docs/native.md quotes ${row} differently from Info.plist`);
    }
  }
  for (const row of documented.keys()) {
    if (!expected.has(row)) problems.push(`docs/native.md lists ${row}, which the shells do not declare`);
  }
  return problems;
}

function privacyProblems(
  plugin: string,
  apis: Record<string, string>,
  read: (file: keyof typeof nativeFiles) => string,
): string[] {
  const problems: string[] = [];
  if (!read('xcodeProject').includes('/* PrivacyInfo.xcprivacy in Resources */')) {
    problems.push(`${plugin}: PrivacyInfo.xcprivacy is not in the App target's resources`);
  }
  const privacy = parsePlist(read('privacyManifest'));
  const accessed = isObject(privacy) ? privacy.NSPrivacyAccessedAPITypes : undefined;
  for (const [category, reason] of Object.entries(apis)) {
    const entry = Array.isArray(accessed)
      ? accessed.find((item) => isObject(item) && item.NSPrivacyAccessedAPIType === category)
      : undefined;
    const reasons = isObject(entry) ? entry.NSPrivacyAccessedAPITypeReasons : undefined;
    if (!Array.isArray(reasons) || !reasons.includes(reason)) {
      problems.push(`${plugin}: PrivacyInfo.xcprivacy needs ${category} with reason ${reason}`);
    }
  }
  return problems;
}

/** The push README: the capability (development APNs for Debug, production for Release) and the forwarding. */
function pushProblems(
  plugin: string,
  root: string,
  read: (file: keyof typeof nativeFiles) => string,
): string[] {
  const problems: string[] = [];
  const configurations = appEntitlements(read('xcodeProject'));
  for (const [configuration, environment] of [
    ['Debug', 'development'],
    ['Release', 'production'],
  ] as const) {
    const file = configurations.get(configuration);
    if (!file) {
      problems.push(
        `${plugin}: the App target's ${configuration} configuration has no CODE_SIGN_ENTITLEMENTS`,
      );
      continue;
    }
    let entitlements: PlistValue | undefined;
    try {
      entitlements = parsePlist(readFileSync(path.join(root, 'web/ios/App', file), 'utf8'));
    } catch {
      entitlements = undefined;
    }
    if (!isObject(entitlements) || entitlements['aps-environment'] !== environment) {
      problems.push(`${plugin}: ${file} (${configuration}) needs aps-environment ${environment}`);
    }
  }
  const appDelegate = read('appDelegate');
  for (const [callback, notification] of [
    ['didRegisterForRemoteNotificationsWithDeviceToken', 'capacitorDidRegisterForRemoteNotifications'],
    ['didFailToRegisterForRemoteNotificationsWithError', 'capacitorDidFailToRegisterForRemoteNotifications'],
  ]) {
    const forwarded = new RegExp(`${callback}[^{]*\\{[^}]*post\\(name: \\.${notification},`);
    if (!forwarded.test(appDelegate)) {
      problems.push(`${plugin}: AppDelegate.swift must post .${notification} from ${callback}`);
    }
  }
  return problems;
}
