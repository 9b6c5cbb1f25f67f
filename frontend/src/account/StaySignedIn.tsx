import { useId } from 'react';
import { STAY_SIGNED_IN_TEXT } from '../session/stay-signed-in';

/** The "Stay signed in" checkbox of the light login screen, in plain CSS. */
export function StaySignedIn({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="pub-check">
      <input id={id} type="checkbox" name="remember" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{STAY_SIGNED_IN_TEXT}</label>
    </div>
  );
}
