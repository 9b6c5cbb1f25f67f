/*
 * The offer to add a passkey after a password sign-in (docs/decisions.md, "Passkeys"), kept in this device's storage.
 * Apart from api/passkeys.ts and small: every page of the app reads it.
 */

const supported = (): boolean => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Whether the member dismissed the offer to add a passkey on this device (remembered in its storage). */
const OFFER_DISMISSED_KEY = 'passkey-offer-dismissed';
/** Set by a password sign-in (or a registration's first one): the next page offers a passkey once. */
const OFFER_PENDING_KEY = 'passkey-offer-pending';

export const passkeyOffer = {
  /** After a password sign-in: offer a passkey on the next page, unless dismissed on this device. */
  afterPasswordSignIn(): void {
    try {
      if (supported() && localStorage.getItem(OFFER_DISMISSED_KEY) === null) sessionStorage.setItem(OFFER_PENDING_KEY, '1');
    } catch {
      // Storage refused (private mode): no offer, nothing else changes.
    }
  },
  pending(): boolean {
    try {
      return sessionStorage.getItem(OFFER_PENDING_KEY) === '1' && localStorage.getItem(OFFER_DISMISSED_KEY) === null;
    } catch {
      return false;
    }
  },
  /** Shown once per sign-in: it does not come back on the next page. */
  shown(): void {
    try {
      sessionStorage.removeItem(OFFER_PENDING_KEY);
    } catch {
      // As above.
    }
  },
  dismiss(): void {
    try {
      localStorage.setItem(OFFER_DISMISSED_KEY, new Date().toISOString());
      sessionStorage.removeItem(OFFER_PENDING_KEY);
    } catch {
      // As above.
    }
  },
};
