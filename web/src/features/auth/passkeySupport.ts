/**
 * Whether this browser or shell can use passkeys at all. Capacitor's Android WebView has no WebAuthn, so
 * the passkey buttons hide there and password sign-in stays (decision 0108).
 */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}
