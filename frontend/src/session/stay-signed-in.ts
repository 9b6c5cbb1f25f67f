/**
 * "Stay signed in" on the login pages (docs/decisions.md, "Session lifetimes"): checked, a member's session lasts while
 * used (30 days unused end it); unchecked, 12 hours. Checked at first on a touch-first device (a phone or tablet,
 * usually its owner's alone), unchecked on a computer, which may be shared.
 */
export const STAY_SIGNED_IN_TEXT = 'Stay signed in';

export function staySignedInByDefault(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}
