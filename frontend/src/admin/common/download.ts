import { HttpError } from 'react-admin';
import { apiFetch, errorsOf } from '../../api/client';
import { NetworkError } from '../../api/reachability';

/**
 * The file name a Content-Disposition gives: RFC 5987's `filename*` (a season name with accents or a dash) before
 * the plain `filename`, else the fallback.
 */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: the plain name below still serves.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || fallback;
}

/** Hands the browser a file to save: an object URL on a temporary `<a download>`, freed once the click is done. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers read the URL after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/**
 * Downloads an API file (a CSV) through the app's one client, so the bearer token travels in the Authorization
 * header and never in an address. Returns the name it was saved under; a refusal throws an HttpError with the server's messages, as
 * the console's other calls do (api/failure.ts reads it).
 */
export async function downloadApiFile(path: string, fallbackName: string, accept = 'text/csv'): Promise<string> {
  const response = await apiFetch(path, { headers: { Accept: `${accept}, application/json` } });
  if (!response.ok) {
    let body: unknown = undefined;
    try {
      body = JSON.parse(await response.text());
    } catch {
      body = undefined;
    }
    const messages = errorsOf(body);
    throw new HttpError(messages[0] ?? response.statusText, response.status, { messages });
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    throw new NetworkError(error);
  }
  const fileName = fileNameOf(response.headers.get('Content-Disposition'), fallbackName);
  saveBlob(blob, fileName);
  return fileName;
}
