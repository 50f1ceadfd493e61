const boundary = '----uplift-test-boundary';

/** The content-type header of every body `multipartImage` builds. */
export const multipartContentType = `multipart/form-data; boundary=${boundary}`;

/** A multipart/form-data body holding one file in the `image` field, as a browser sends a photo. */
export function multipartImage(bytes: Buffer, filename: string, type: string): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}
