import { lazy, Suspense, useEffect, useState } from 'react';
import { currentSubscription, pushSupport, usePushOfferDue } from '../../pwa/push';
import type { PushOptInPlacement } from './PushOptInPanel';

const PushOptInPanel = lazy(() => import('./PushOptInPanel'));

export type { PushOptInPlacement } from './PushOptInPanel';

/**
 * The offer to have notifications pushed to this device (docs/member-pages.md#push-notifications). On the dashboard
 * it appears once the member has saved a pick here (never on a first visit), only while push is possible and not yet
 * on, until turned on or dismissed; on the profile it is always there and says where things stand. The panel's
 * code loads only when it shows.
 */
export function PushOptIn({ placement }: { placement: PushOptInPlacement }) {
  const due = usePushOfferDue();
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const wanted = placement === 'profile' || due;

  useEffect(() => {
    if (!wanted) return;
    let active = true;
    currentSubscription().then(
      (subscription) => active && setSubscribed(subscription !== null),
      () => active && setSubscribed(false),
    );
    return () => {
      active = false;
    };
  }, [wanted]);

  if (!wanted || subscribed === null) return null;
  const support = pushSupport();
  if (placement === 'dashboard' && (subscribed || support === 'unsupported' || support === 'denied')) return null;
  return (
    <Suspense fallback={null}>
      <PushOptInPanel placement={placement} support={support} subscribed={subscribed} onSubscribedChange={setSubscribed} />
    </Suspense>
  );
}

export default PushOptIn;
