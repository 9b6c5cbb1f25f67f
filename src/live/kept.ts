/** How long a board (and the status) is kept: a pool watching costs one build per week per this long. */
export const LIVE_BOARD_TTL_MS = 5000;

/**
 * One value kept LIVE_BOARD_TTL_MS by the clock: requests while it is being loaded share the load; a failed load
 * (an unknown week) is not kept, so the next request asks again. The loader is handed the value it replaces.
 */
export class Kept<T> {
  private at = 0;
  private value: Promise<T> | null = null;

  get empty(): boolean {
    return this.value === null;
  }

  /** `failed`: called when a load fails, once it is no longer kept. */
  get(now: number, load: (previous: Promise<T | undefined>) => Promise<T>, failed?: () => void): Promise<T> {
    // A clock moved back makes the value stale too.
    if (this.value && now >= this.at && now - this.at < LIVE_BOARD_TTL_MS) return this.value;
    const previous = (this.value ?? Promise.resolve(undefined)).catch(() => undefined);
    const value = load(previous);
    this.at = now;
    this.value = value;
    value.catch(() => {
      if (this.value === value) this.value = null;
      failed?.();
    });
    return value;
  }
}
