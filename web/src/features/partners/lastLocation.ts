/**
 * The last place "Near me" found, rounded to about a kilometre, so Home can show partners near the
 * member without asking for the location again. Kept on this device only.
 */
const storageKey = 'uplift.partners.near';

export function rememberLocation({ lat, lng }: { lat: number; lng: number }): string {
  const near = `${lat.toFixed(2)},${lng.toFixed(2)}`;
  try {
    localStorage.setItem(storageKey, near);
  } catch {
    // Private browsing may refuse storage; the location is then simply not remembered.
  }
  return near;
}

export function rememberedLocation(): string | null {
  try {
    const near = localStorage.getItem(storageKey);
    return near && /^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/.test(near) ? near : null;
  } catch {
    return null;
  }
}
