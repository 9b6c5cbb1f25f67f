/** Test doubles for file downloads: an API file answered raw (not JSON), and the files the page handed the browser. */

export interface FileRequest {
  url: URL;
  headers: Headers;
}

/**
 * Answers GETs of `pathname` with `answer()` (a CSV body, its headers) and passes every other call to the fetch
 * stubbed before (stubAdminApi's). Returns the requests it answered, with their headers.
 */
export function serveFile(pathname: string, answer: () => Response): FileRequest[] {
  const inner = globalThis.fetch;
  const requests: FileRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== pathname) return inner(input, init);
      requests.push({ url, headers: new Headers(init?.headers) });
      return answer();
    }),
  );
  return requests;
}

export interface SavedFile {
  name: string;
  href: string;
  blob: Blob;
}

/**
 * Catches what `<a download>` would save: jsdom has no object URLs and does not download, so both are stood in
 * for. Returns the saved files and the undo.
 */
export function catchSaves(): { saved: SavedFile[]; revoked: string[]; restore: () => void } {
  const saved: SavedFile[] = [];
  const revoked: string[] = [];
  const blobs = new Map<string, Blob>();
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const href = `blob:http://localhost/${blobs.size + 1}`;
    blobs.set(href, blob as Blob);
    return href;
  };
  URL.revokeObjectURL = (href: string) => {
    revoked.push(href);
  };
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href, blob: blobs.get(this.href)! });
  });
  return {
    saved,
    revoked,
    restore: () => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
      click.mockRestore();
    },
  };
}

/** The bytes of a saved file as text, the byte order mark kept. */
export async function bytesOf(blob: Blob): Promise<string> {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer());
}
