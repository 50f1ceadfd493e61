import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';

/**
 * The Android shell, as far as it can run here (no Android SDK): the bundle `cap sync` copies into the
 * app, served at the origin Android's web view gives it (`https://localhost`, unknown paths answered with
 * index.html as Capacitor's local server does), with Capacitor's own native bridge script injected before
 * the page as the shell injects it. Only the Java side is a double: it answers the Network, Haptics and
 * StatusBar plugins on its own, keeps the files the app writes to Documents (Filesystem's writeFile and
 * readFile, as long as the page lives), and the test gives the answers of the others (camera, location,
 * browser, push, or a file fault: `answerNative`), decides when the network comes and goes and when a push notification is
 * tapped. Chromium is the engine of Android's System WebView, so storage, IndexedDB, Web Locks and fetch
 * behave as on a phone.
 */
export const shellOrigin = 'https://localhost';

const fixturesDir = fileURLToPath(new URL('../fixtures/', import.meta.url));
const requireFromWeb = createRequire(new URL('../../web/package.json', import.meta.url));
const capacitorAndroid = path.dirname(requireFromWeb.resolve('@capacitor/android/package.json'));
const nativeBridgeScript = readFileSync(
  path.join(capacitorAndroid, 'capacitor/src/main/assets/native-bridge.js'),
  'utf8',
);

/** What the shell injects before Capacitor's bridge script (Android's JSExport global and local URL). */
const shellGlobals = `window.Capacitor = { DEBUG: false, isLoggingEnabled: false, Plugins: {} };
window.WEBVIEW_SERVER_URL = ${JSON.stringify(shellOrigin)};`;

const listenerMethods = [{ name: 'addListener' }, { name: 'removeListener' }];
const promise = (name: string) => ({ name, rtype: 'promise' });

/** The headers Android's JSExport writes for the plugins the app ships (web/package.json). */
const pluginHeaders = [
  { name: 'Network', methods: [...listenerMethods, promise('removeAllListeners'), promise('getStatus')] },
  {
    name: 'Haptics',
    methods: [
      ...listenerMethods,
      promise('removeAllListeners'),
      ...['impact', 'notification', 'vibrate', 'selectionStart', 'selectionChanged', 'selectionEnd'].map(
        promise,
      ),
    ],
  },
  {
    name: 'PushNotifications',
    methods: [
      ...listenerMethods,
      promise('removeAllListeners'),
      ...['checkPermissions', 'requestPermissions', 'register', 'unregister'].map(promise),
    ],
  },
  {
    name: 'Camera',
    methods: [...listenerMethods, ...['getPhoto', 'checkPermissions', 'requestPermissions'].map(promise)],
  },
  {
    name: 'Filesystem',
    methods: [...listenerMethods, ...['writeFile', 'readFile', 'getUri'].map(promise)],
  },
  {
    name: 'Geolocation',
    methods: [
      ...listenerMethods,
      ...['checkPermissions', 'requestPermissions', 'getCurrentPosition'].map(promise),
    ],
  },
  { name: 'Share', methods: [...listenerMethods, ...['canShare', 'share'].map(promise)] },
  {
    name: 'App',
    methods: [
      ...listenerMethods,
      promise('removeAllListeners'),
      ...['exitApp', 'getInfo', 'getLaunchUrl', 'getState', 'minimizeApp', 'toggleBackButtonHandler'].map(
        promise,
      ),
    ],
  },
  {
    name: 'Browser',
    methods: [...listenerMethods, promise('removeAllListeners'), ...['open', 'close'].map(promise)],
  },
  {
    name: 'StatusBar',
    methods: [
      ...listenerMethods,
      promise('removeAllListeners'),
      ...['setStyle', 'setBackgroundColor', 'show', 'hide', 'getInfo', 'setOverlaysWebView'].map(promise),
    ],
  },
];

/** Survives an app restart (a new page), as the phone's connection does. */
const connectedKey = 'e2e-android-shell:connected';

interface PluginCall {
  callbackId: string;
  pluginId: string;
  methodName: string;
  options: Record<string, unknown>;
}

/**
 * What the Java side answers to `Plugin.method` until told otherwise: a result or a rejection (as the
 * plugin's `call.reject(message)`), then the plugin's events, each to the app's listeners for it.
 */
export interface NativeAnswer {
  data?: Record<string, unknown>;
  error?: string;
  events?: { eventName: string; data: Record<string, unknown> }[];
}

/** A plugin call the app made, as `Plugin.method` with its options. */
export interface NativeCall {
  method: string;
  options: Record<string, unknown>;
}

interface ShellControl {
  setConnected(connected: boolean): void;
  /** The member taps a push notification carrying `data` (as FCM delivers the server's data). */
  tapNotification(data: Record<string, string>): void;
  /** Android hands the running app a link into it (an intent for the app's scheme). */
  openAppUrl(url: string): void;
  answer(method: string, answer: NativeAnswer): void;
  calls(): NativeCall[];
}

/** Runs in the page in place of the shell's Java side: `androidBridge` is its JavaScript interface. */
function installJavaSideDouble(key: string): void {
  type Capacitor = { fromNative(result: Record<string, unknown>): void };
  const win = window as unknown as {
    Capacitor: Capacitor;
    androidBridge: { postMessage(json: string): void };
    androidShell: ShellControl;
  };
  const calls: PluginCall[] = [];
  const listeners = new Map<string, Set<string>>();
  const answers = new Map<string, NativeAnswer>();
  /** The phone's Documents folder, by file name. */
  const documents = new Map<string, string>();
  const connected = () => localStorage.getItem(key) !== 'false';
  const status = () => ({ connected: connected(), connectionType: connected() ? 'wifi' : 'none' });
  const answer = (call: PluginCall, result: Record<string, unknown>, save = false) =>
    setTimeout(() =>
      win.Capacitor.fromNative({
        callbackId: call.callbackId,
        pluginId: call.pluginId,
        methodName: call.methodName,
        save,
        ...result,
      }),
    );

  const emit = (pluginId: string, eventName: string, data: Record<string, unknown>) => {
    const event = { pluginId, methodName: 'addListener', options: {} };
    for (const callbackId of listeners.get(eventName) ?? []) {
      answer({ ...event, callbackId }, { success: true, data }, true);
    }
  };

  function handle(call: PluginCall): void {
    const eventName = String(call.options.eventName ?? '');
    const given = answers.get(`${call.pluginId}.${call.methodName}`);
    if (call.methodName === 'addListener') {
      // Like Plugin.java: the call stays open and each event answers it again.
      listeners.set(eventName, (listeners.get(eventName) ?? new Set()).add(call.callbackId));
    } else if (call.methodName === 'removeListener') {
      listeners.get(eventName)?.delete(String(call.options.callbackId));
    } else if (given) {
      answer(
        call,
        given.error === undefined
          ? { success: true, data: given.data ?? {} }
          : { success: false, error: { message: given.error } },
      );
      for (const event of given.events ?? [])
        setTimeout(() => emit(call.pluginId, event.eventName, event.data));
    } else if (call.pluginId === 'Network' && call.methodName === 'getStatus') {
      answer(call, { success: true, data: status() });
    } else if (call.pluginId === 'Filesystem' && call.methodName === 'writeFile') {
      documents.set(String(call.options.path), String(call.options.data));
      answer(call, {
        success: true,
        data: { uri: `file:///storage/emulated/0/Documents/${call.options.path}` },
      });
    } else if (call.pluginId === 'Filesystem' && call.methodName === 'readFile') {
      const data = documents.get(String(call.options.path));
      // Android's plugin rejects a missing file with this message.
      answer(
        call,
        data === undefined
          ? { success: false, error: { message: 'File does not exist' } }
          : { success: true, data: { data } },
      );
    } else if (['Haptics', 'StatusBar'].includes(call.pluginId) || call.methodName === 'removeAllListeners') {
      answer(call, { success: true, data: {} });
    } else {
      answer(call, {
        success: false,
        error: { message: `${call.pluginId}.${call.methodName} not implemented` },
      });
    }
  }

  win.androidBridge = {
    postMessage(json) {
      const call = JSON.parse(json) as PluginCall;
      calls.push(call);
      handle(call);
    },
  };
  win.androidShell = {
    setConnected(value) {
      localStorage.setItem(key, String(value));
      emit('Network', 'networkStatusChange', status());
    },
    tapNotification(data) {
      const notification = { id: String(Date.now()), data };
      emit('PushNotifications', 'pushNotificationActionPerformed', { actionId: 'tap', notification });
    },
    openAppUrl(url) {
      emit('App', 'appUrlOpen', { url });
    },
    answer(method, given) {
      answers.set(method, given);
    },
    calls: () =>
      calls.map((call) => ({ method: `${call.pluginId}.${call.methodName}`, options: call.options })),
  };
}

/** Where Capacitor serves the phone's own files (`convertFileSrc`): a photo the camera took. */
export const deviceFilePrefix = `${shellOrigin}/_capacitor_file_/`;

function serveBundle(bundleDir: string) {
  return async (route: Parameters<Parameters<BrowserContext['route']>[1]>[0]) => {
    const { pathname } = new URL(route.request().url());
    // The phone's files here are the end-to-end fixtures, found by name.
    if (pathname.startsWith('/_capacitor_file_/')) {
      await route.fulfill({ path: path.join(fixturesDir, path.basename(pathname)) });
      return;
    }
    const file = path.join(bundleDir, decodeURIComponent(pathname));
    const isFile = file.startsWith(bundleDir) && existsSync(file) && statSync(file).isFile();
    await route.fulfill({ path: isFile ? file : path.join(bundleDir, 'index.html') });
  };
}

/** Turns a browser context into the Android shell: every page it opens is the app starting. */
export async function installAndroidShell(context: BrowserContext): Promise<void> {
  const bundleDir = process.env.E2E_NATIVE_BUNDLE_DIR;
  if (!bundleDir)
    throw new Error(
      'The native bundle is built by e2e/native/global-setup.ts (unless E2E_NATIVE_BUNDLE=skip)',
    );
  await context.route(`${shellOrigin}/**`, serveBundle(bundleDir));
  // Here the API listens on loopback, which Chromium guards from other origins; a phone reaches a public one.
  await context.grantPermissions(['local-network-access'], { origin: shellOrigin });
  await context.addInitScript({
    content: [
      shellGlobals,
      `(${installJavaSideDouble.toString()})(${JSON.stringify(connectedKey)});`,
      nativeBridgeScript,
      `window.Capacitor.PluginHeaders = ${JSON.stringify(pluginHeaders)};`,
    ].join('\n'),
  });
}

/** The phone's connection: the web view loses the network and the Network plugin reports it. */
export async function setPhoneConnected(page: Page, connected: boolean): Promise<void> {
  await page.context().setOffline(!connected);
  await page.evaluate((value) => {
    (window as unknown as { androidShell: ShellControl }).androidShell.setConnected(value);
  }, connected);
}

/** Plugin calls the app made through the bridge. */
export function nativeCalls(page: Page): Promise<NativeCall[]> {
  return page.evaluate(() => (window as unknown as { androidShell: ShellControl }).androidShell.calls());
}

/** The member taps a push notification whose FCM data is `data`. */
export async function tapPushNotification(page: Page, data: Record<string, string>): Promise<void> {
  await page.evaluate((value) => {
    (window as unknown as { androidShell: ShellControl }).androidShell.tapNotification(value);
  }, data);
}

/** A link into the app (`community.uplift.app://…`) is followed on the phone while the app runs. */
export async function openAppUrl(page: Page, url: string): Promise<void> {
  await page.evaluate((value) => {
    (window as unknown as { androidShell: ShellControl }).androidShell.openAppUrl(value);
  }, url);
}

/** From now on the Java side answers `method` (`Plugin.method`) with `answer`. */
export async function answerNative(page: Page, method: string, answer: NativeAnswer): Promise<void> {
  await page.evaluate(
    ([name, value]) => {
      (window as unknown as { androidShell: ShellControl }).androidShell.answer(name, value);
    },
    [method, answer] as const,
  );
}
