/**
 * The native network plugin (Capacitor Network): the shells' own view of the connection, which is more
 * reliable than the web view's online/offline events. Loaded on demand, so the web bundle never carries it.
 * Resolves with a function that stops listening.
 */
export async function watchNetworkStatus(listener: (connected: boolean) => void): Promise<() => void> {
  const { Network } = await import('@capacitor/network');
  const handle = await Network.addListener('networkStatusChange', (status) => listener(status.connected));
  listener((await Network.getStatus()).connected);
  return () => void handle.remove();
}
