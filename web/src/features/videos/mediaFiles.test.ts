import { describe, expect, it } from 'vitest';
import { offlineKey } from './mediaFiles.ts';

describe('offlineKey', () => {
  it('keeps a premium file under one key whatever its signature, so a newer link finds the kept copy', () => {
    const id = '0b0e6a4c-7f57-4a57-9a43-2a8f1f9f0c11';
    const early = `/api/videos/${id}/media?v=0123456789abcdef&exp=1900000800&sig=abc_DEF-1`;
    const later = `/api/videos/${id}/media?v=0123456789abcdef&exp=1900001700&sig=xyz_UVW-2`;
    expect(offlineKey(early)).toBe(offlineKey(later));
    expect(offlineKey(early)).toBe(new URL(`/api/videos/${id}/media?v=0123456789abcdef`, location.href).href);
  });

  it('tells versions and files apart', () => {
    expect(offlineKey('https://api.example/videos/a/media?v=1')).toBe(
      'https://api.example/videos/a/media?v=1',
    );
    expect(offlineKey('/api/videos/a/media?v=1')).not.toBe(offlineKey('/api/videos/a/media?v=2'));
    expect(offlineKey('/api/videos/a/media?v=1')).not.toBe(offlineKey('/api/videos/a/captions?v=1'));
  });
});
