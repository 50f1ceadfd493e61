import { open } from 'node:fs/promises';
import { FileRejected } from '../uploads/index.ts';

class VideoFileRejected extends FileRejected {}

/** Positioned reads of one file: a received upload on disk, or a stored file read by byte ranges. */
export interface ByteSource {
  size: number;
  /** Exactly `length` bytes from `position`, zeros past the end of the file (as into a zeroed buffer). */
  read(position: number, length: number): Promise<Buffer>;
}

/** A file on disk as a byte source, open only while `use` runs. */
export async function withFileOnDisk<T>(filePath: string, use: (source: ByteSource) => Promise<T>) {
  const file = await open(filePath, 'r');
  try {
    const { size } = await file.stat();
    return await use({
      size,
      async read(position, length) {
        const buffer = Buffer.alloc(length);
        await file.read(buffer, 0, length, position);
        return buffer;
      },
    });
  } finally {
    await file.close();
  }
}

/** Brands of the ISO-BMFF `ftyp` box that browsers play as MP4 (H.264/AAC and friends). */
const mp4Brands = new Set(['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash']);

const notMp4 = 'This file is not an MP4 video. Export it as MP4 (H.264) and upload that.';
const damaged = 'This MP4 is damaged: its parts do not add up to the file. Export it again.';

/** The longest video accepted: a day (a longer declared length is a damaged or forged header). */
export const maxVideoSeconds = 24 * 60 * 60;
/**
 * Box headers read in one file at most, top level and `moov` together. A fragmented MP4 has two boxes a
 * fragment (an hour in 1 s fragments is 7,200); a file of millions of empty boxes would be read forever.
 */
export const maxMp4Boxes = 10_000;

interface Box {
  type: string;
  start: number;
  headerSize: number;
  size: number;
}

/**
 * Reads box headers (size, type; 64-bit sizes too) from `from` up to `end`, without reading the bodies.
 * The boxes must fill the range exactly; `budget.left` counts down the headers the whole file may have.
 */
async function* boxes(source: ByteSource, from: number, end: number, budget: { left: number }) {
  let at = from;
  while (at < end) {
    if (at + 8 > end) throw new VideoFileRejected(damaged);
    if (budget.left <= 0) {
      throw new VideoFileRejected('This MP4 has too many parts to check. Export it again as one MP4.');
    }
    budget.left -= 1;
    const header = await source.read(at, 16);
    let size = header.readUInt32BE(0);
    let headerSize = 8;
    if (size === 1) {
      if (at + 16 > end) throw new VideoFileRejected(damaged);
      size = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < headerSize || at + size > end) throw new VideoFileRejected(damaged);
    yield { type: header.toString('latin1', 4, 8), start: at, headerSize, size } satisfies Box;
    at += size;
  }
}

/**
 * Checks from the bytes (never the name or declared type) that the file is an MP4 and returns its length
 * in seconds from the movie header (`moov`/`mvhd`), wherever the muxer put `moov` (start or end).
 */
export async function readMp4Duration(source: ByteSource): Promise<number> {
  const start = await source.read(0, 16);
  if (start.toString('latin1', 4, 8) !== 'ftyp') throw new VideoFileRejected(notMp4);
  let brandsOk = false;
  let moov: Box | null = null;
  const budget = { left: maxMp4Boxes };
  for await (const box of boxes(source, 0, source.size, budget)) {
    if (box.type === 'ftyp') {
      const body = await source.read(box.start + box.headerSize, Math.min(box.size - box.headerSize, 256));
      // Major brand, minor version, then compatible brands: four bytes each.
      const brands = [body.toString('latin1', 0, 4)];
      for (let at = 8; at + 4 <= body.length; at += 4) brands.push(body.toString('latin1', at, at + 4));
      brandsOk = brands.some((brand) => mp4Brands.has(brand));
    }
    if (box.type === 'moov') moov = box;
  }
  if (!brandsOk || !moov) throw new VideoFileRejected(notMp4);
  // The movie header is found after the walk checked that every box of the file adds up.
  let seconds: number | null = null;
  for await (const box of boxes(source, moov.start + moov.headerSize, moov.start + moov.size, budget)) {
    if (seconds !== null) continue;
    if (box.type !== 'mvhd') continue;
    const body = await source.read(box.start + box.headerSize, 32);
    // Version 1 has 64-bit times: timescale at 20, duration at 24; version 0: at 12 and 16.
    const version = body.readUInt8(0);
    const timescale = version === 1 ? body.readUInt32BE(20) : body.readUInt32BE(12);
    const duration = version === 1 ? Number(body.readBigUInt64BE(24)) : body.readUInt32BE(16);
    seconds = timescale > 0 ? duration / timescale : 0;
  }
  if (seconds === null) throw new VideoFileRejected(notMp4);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new VideoFileRejected('This MP4 has no length (it may be damaged). Export it again.');
  }
  if (seconds > maxVideoSeconds) {
    throw new VideoFileRejected(
      'This MP4 says it is longer than 24 hours, so it is damaged. Export it again.',
    );
  }
  return Math.round(seconds * 1000) / 1000;
}
