import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import type sharpModule from 'sharp';
import type { Metadata, OutputInfo } from 'sharp';
import { FileRejected } from './file-rejected.ts';

/**
 * Turns an untrusted image (a received file's path, or bytes) into clean, re-encoded sizes: the format
 * is read from the bytes (never the file name or declared type), the image is auto-oriented and every
 * piece of metadata is dropped (EXIF GPS included: sharp keeps none unless told to), then each size is
 * encoded as WebP. Reusable: profile photos and post images both go through it with their own sizes.
 */

export class ImageRejected extends FileRejected {}

export interface ImageSize {
  name: string;
  width: number;
  height: number;
  /** 'cover' crops to exactly width×height (a square avatar); 'inside' keeps the whole picture. */
  fit: 'cover' | 'inside';
}

export interface ProcessedImage {
  /** Derived from the encoded bytes, so the stored names (and URLs) change whenever the picture does. */
  key: string;
  files: Array<{ size: string; bytes: Buffer; width: number; height: number }>;
}

export interface ImageLimits {
  maxPixels: number;
}

/** A path is read from disk by libvips as it decodes: large uploads never sit whole in memory. */
export type ImageInput = Buffer | string;

/** What the prebuilt libvips decodes: JPEG, PNG, WebP and AVIF (HEIF with AV1); never HEIC (HEVC). */
const readableFormats = new Set(['jpeg', 'png', 'webp', 'heif']);

/** The first bytes of the image, enough to recognise a file type. */
async function head(input: ImageInput, length: number): Promise<Buffer> {
  if (typeof input !== 'string') return input.subarray(0, length);
  const file = await open(input, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(length), 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** iPhone photos: an ISO-BMFF `ftyp` box whose brand says HEVC. Read from the bytes, not the name. */
function isHeic(bytes: Buffer): boolean {
  if (bytes.length < 12 || bytes.toString('latin1', 4, 8) !== 'ftyp') return false;
  const brand = bytes.toString('latin1', 8, 12);
  return ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis'].includes(brand);
}

const heicMessage =
  'HEIC photos cannot be read here. Choose a JPEG, PNG, WebP or AVIF image (on an iPhone, ' +
  'Settings › Camera › Formats › Most Compatible takes JPEG photos).';
const unreadableMessage = 'This file is not an image we can read. Choose a JPEG, PNG, WebP or AVIF image.';

let loadingSharp: Promise<typeof sharpModule> | undefined;

/**
 * sharp and libvips load with the first image, not at start: a server that receives none never holds them
 * in memory (decision 0031). One libvips thread per image and at most `slots` images at once: 20 uploads
 * arriving together queue (on disk, see uploads/single-file.ts) instead of decoding 20 big images side by
 * side.
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loadingSharp ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loadingSharp;
}

const slots = Math.max(1, Math.min(4, availableParallelism()));
let running = 0;
const waiting: Array<() => void> = [];

async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

async function inspect(sharp: typeof sharpModule, input: ImageInput, limits: ImageLimits) {
  if (isHeic(await head(input, 12))) throw new ImageRejected(heicMessage);
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected(unreadableMessage);
  }
  if (!metadata.format || !readableFormats.has(metadata.format)) throw new ImageRejected(unreadableMessage);
  if (metadata.format === 'heif' && metadata.compression !== 'av1') throw new ImageRejected(heicMessage);
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels <= 0) throw new ImageRejected(unreadableMessage);
  if (pixels > limits.maxPixels) {
    throw new ImageRejected(
      `This image is too large (${metadata.width}×${metadata.height} pixels). Use one of at most ` +
        `${Math.round(limits.maxPixels / 1_000_000)} megapixels.`,
    );
  }
}

/** Decodes once to the largest size, then derives the smaller ones from those pixels. */
export async function processImage(
  input: ImageInput,
  sizes: readonly ImageSize[],
  limits: ImageLimits,
): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  return inSlot(async () => {
    await inspect(sharp, input, limits);
    const largest = sizes.reduce((a, b) => (a.width * a.height >= b.width * b.height ? a : b));
    let base: { data: Buffer; info: OutputInfo };
    try {
      base = await sharp(input, { limitInputPixels: limits.maxPixels, failOn: 'error' })
        .rotate()
        .resize(largest.width, largest.height, { fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw new ImageRejected(
        'This image could not be read completely (it may be damaged or cut short). Choose another one.',
      );
    }
    const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } };
    const files = await Promise.all(
      sizes.map(async (size) => {
        const { data, info } = await sharp(base.data, raw)
          .resize(size.width, size.height, { fit: size.fit, withoutEnlargement: size.fit === 'inside' })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        return { size: size.name, bytes: data, width: info.width, height: info.height };
      }),
    );
    const hash = createHash('sha256');
    for (const file of files) hash.update(file.bytes);
    return { key: hash.digest('hex').slice(0, 32), files };
  });
}
