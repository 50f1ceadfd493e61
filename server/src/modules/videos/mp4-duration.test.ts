import { describe, expect, it } from 'vitest';
import { FileRejected } from '../uploads/index.ts';
import { maxMp4Boxes, maxVideoSeconds, readMp4Duration, type ByteSource } from './mp4-duration.ts';

function box(type: string, body: Buffer = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

const ftyp = box(
  'ftyp',
  Buffer.concat([Buffer.from('isom', 'latin1'), Buffer.alloc(4), Buffer.from('mp41')]),
);

/** A version 0 movie header: timescale at 12, duration at 16. */
function mvhd(timescale: number, duration: number) {
  const body = Buffer.alloc(100);
  body.writeUInt32BE(timescale, 12);
  body.writeUInt32BE(duration, 16);
  return box('mvhd', body);
}

function source(bytes: Buffer): ByteSource {
  return {
    size: bytes.length,
    async read(position, length) {
      const out = Buffer.alloc(length);
      bytes.copy(out, 0, position, Math.min(bytes.length, position + length));
      return out;
    },
  };
}

async function refusal(bytes: Buffer) {
  const error = await readMp4Duration(source(bytes)).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(FileRejected);
  return (error as Error).message;
}

describe('readMp4Duration', () => {
  it('reads the length of a well-formed MP4', async () => {
    const file = Buffer.concat([ftyp, box('moov', mvhd(1000, 24_000)), box('mdat', Buffer.alloc(32))]);
    expect(await readMp4Duration(source(file))).toBe(24);
  });

  it('refuses a length over 24 hours', async () => {
    const file = Buffer.concat([ftyp, box('moov', mvhd(1, maxVideoSeconds + 1))]);
    expect(await refusal(file)).toMatch(/longer than 24 hours/);
    // 24 hours exactly is still a video.
    const day = Buffer.concat([ftyp, box('moov', mvhd(1, maxVideoSeconds))]);
    expect(await readMp4Duration(source(day))).toBe(maxVideoSeconds);
  });

  it('refuses a file whose boxes do not add up to its size', async () => {
    const whole = Buffer.concat([ftyp, box('moov', mvhd(1000, 24_000))]);
    // A few stray bytes after the last box: too few for a box header.
    expect(await refusal(Buffer.concat([whole, Buffer.from([1, 2, 3])]))).toMatch(/damaged/);
    // Inside the movie box too.
    const moov = box('moov', Buffer.concat([mvhd(1000, 24_000), Buffer.from([0, 0, 0])]));
    expect(await refusal(Buffer.concat([ftyp, moov]))).toMatch(/damaged/);
    // A box that claims more than the file holds.
    const tooLong = box('mdat', Buffer.alloc(16));
    tooLong.writeUInt32BE(10_000, 0);
    expect(await refusal(Buffer.concat([whole, tooLong]))).toBeTruthy();
  });

  it('stops walking after a bounded number of boxes', async () => {
    let reads = 0;
    const many = Buffer.concat([ftyp, ...Array.from({ length: maxMp4Boxes + 10 }, () => box('free'))]);
    const counted = source(Buffer.concat([many, box('moov', mvhd(1000, 24_000))]));
    const message = await readMp4Duration({
      size: counted.size,
      read: (position, length) => {
        reads += 1;
        return counted.read(position, length);
      },
    }).then(
      () => '',
      (error: unknown) => (error as Error).message,
    );
    expect(message).toMatch(/too many parts/);
    expect(reads).toBeLessThanOrEqual(maxMp4Boxes + 5);
  });
});
