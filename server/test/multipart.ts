const boundary = '----uplift-test-boundary';

/** The content-type header of every body built here. */
export const multipartContentType = `multipart/form-data; boundary=${boundary}`;

/**
 * What opens a body holding one file, up to the file's bytes; `multipartEnd` closes it. Apart for a test
 * that streams a file too large to hold. The field is `image` as the member pages send, `file` for admin's.
 */
export function multipartStart(filename: string, type: string, field = 'image'): Buffer {
  return Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
}

export const multipartEnd = Buffer.from(`\r\n--${boundary}--\r\n`);

/** A multipart/form-data body holding one file, as a browser sends a photo or a video. */
export function multipartFile(bytes: Buffer, filename: string, type: string, field = 'image'): Buffer {
  return Buffer.concat([multipartStart(filename, type, field), bytes, multipartEnd]);
}
