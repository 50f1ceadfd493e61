import { isNativePlatform } from '../native/platform.ts';
import { readApiError } from './apiError.ts';
import { apiUrl, nativePlatformHeader, type ResponseSchema } from './client.ts';
import { HttpError, NetworkError, UnexpectedResponseError } from './errors.ts';
import { renewSession, sessionGeneration, sessionToken } from './session.ts';

export interface UploadOptions<T> {
  /** The multipart body: the browser sets the boundary. */
  body: FormData;
  schema: ResponseSchema<T>;
  /** 0–1 as the bytes leave the device (fetch cannot report upload progress; XMLHttpRequest can). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function send(path: string, options: UploadOptions<unknown>): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    if (isNativePlatform()) {
      xhr.setRequestHeader(nativePlatformHeader, 'native');
      const token = sessionToken();
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    } else {
      xhr.withCredentials = true;
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new NetworkError(new Error('Upload failed'), { offline: !navigator.onLine }));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(options.body);
  });
}

/** POSTs a file with progress, with the session handling of `request` (one refresh on 401). */
export async function uploadWithProgress<T>(path: string, options: UploadOptions<T>): Promise<T> {
  const generation = sessionGeneration();
  let result = await send(path, options);
  if (result.status === 401 && (await renewSession(generation))) result = await send(path, options);
  if (result.status < 200 || result.status >= 300) {
    const data = readApiError(result.body);
    throw new HttpError({
      status: result.status,
      data,
      statusMessage: data?.error.message,
      url: apiUrl(path),
    });
  }
  try {
    return options.schema.parse(result.body);
  } catch (error) {
    throw new UnexpectedResponseError(result.status, error);
  }
}
