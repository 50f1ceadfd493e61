import { gzipSync } from 'node:zlib';
import { fetchRaw } from './net.ts';

/** The JavaScript `/` may load, gzip (issue 42; 120 KB before, decision 0053). */
export const HOME_JAVASCRIPT_BUDGET_BYTES = 155 * 1024;

export interface ScriptSize {
  url: string;
  /** Path (and query) for display. */
  name: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface JavaScriptSize {
  files: ScriptSize[];
  totalRawBytes: number;
  totalGzipBytes: number;
}

/** Downloads each script uncompressed and gzips it at level 9. */
export async function measureJavaScript(scriptUrls: readonly string[]): Promise<JavaScriptSize> {
  const files: ScriptSize[] = [];
  for (const url of scriptUrls) {
    const response = await fetchRaw(url);
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
    const encoding = response.headers['content-encoding'];
    if (encoding && encoding !== 'identity') throw new Error(`GET ${url} came back encoded (${encoding})`);
    const parsed = new URL(url);
    files.push({
      url,
      name: `${parsed.pathname}${parsed.search}`,
      rawBytes: response.body.length,
      gzipBytes: gzipSync(response.body, { level: 9 }).length,
    });
  }
  return {
    files,
    totalRawBytes: files.reduce((sum, file) => sum + file.rawBytes, 0),
    totalGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
  };
}
