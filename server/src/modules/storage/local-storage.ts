import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import send from '@fastify/send';
import { assertKey, isValidKey, preconditionFailed, rangeNotSatisfiable, type Storage } from './storage.ts';

/** Writes a file aside, then renames it: a reader (or a crash) never sees half a file under the real name. */
async function writeAside(target: string, write: (partial: string) => Promise<void>) {
  const partial = path.join(path.dirname(target), `.${randomUUID()}.partial`);
  try {
    await write(partial);
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * Files in a folder of this machine, a key's folder a folder under `root`. Requests are answered by
 * @fastify/send, as by any static file server: Range and If-Range, If-None-Match and If-Modified-Since
 * (304), If-Match and If-Unmodified-Since (412).
 */
export function localFolderStorage(root: string): Storage {
  const fileOf = (key: string) => path.join(root, key);

  async function sizeOf(key: string): Promise<number | null> {
    if (!isValidKey(key)) return null;
    const found = await stat(fileOf(key)).catch(() => null);
    return found?.isFile() ? found.size : null;
  }

  return {
    async put(key, body) {
      assertKey(key);
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      if (Buffer.isBuffer(body)) return writeAside(target, (partial) => writeFile(partial, body));
      // Renamed into place, so a 200 MB video is not copied when it need not be.
      await rename(body.temporaryFile, target).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EXDEV') throw error;
        // The received file is on another file system: copied aside, then renamed.
        await writeAside(target, (partial) => copyFile(body.temporaryFile, partial));
      });
    },

    async head(key) {
      const size = await sizeOf(key);
      return size === null ? null : { size, metadata: {} };
    },

    async read(key, range) {
      if ((await sizeOf(key)) === null) return null;
      return createReadStream(fileOf(key), range ?? {});
    },

    async remove(key) {
      assertKey(key);
      await rm(fileOf(key), { force: true });
    },

    async serve(request, reply, key, { ranges, headers = {} }) {
      if (!isValidKey(key)) return false;
      // send resolves the path inside `root` and refuses traversal and dotfiles (the partial writes).
      const answer = await send(request.raw, `/${key}`, {
        root,
        acceptRanges: ranges,
        cacheControl: false,
        dotfiles: 'deny',
        index: false,
      });
      if (answer.type === 'file') {
        reply
          .code(answer.statusCode)
          .headers({ ...answer.headers, ...headers })
          .send(answer.stream);
        return true;
      }
      if (answer.statusCode === 404 || answer.type === 'directory') return false;
      if (answer.statusCode === 412) throw preconditionFailed();
      if (answer.statusCode === 416) {
        // send's own `bytes */<size>`.
        throw rangeNotSatisfiable(reply, Number(answer.headers['Content-Range']?.split('/')[1]));
      }
      throw new Error(`stored file ${key} could not be answered (${answer.statusCode})`);
    },
  };
}
