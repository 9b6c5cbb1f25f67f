/** Where an admin without a required second factor is sent (the server refuses everything else). */
export const ENROLMENT_PATH = '/second-factor/setup';

/** A 403 whose body says the admin must set up a second factor first: the app goes to the set-up page (by a page load, from the console or a member page alike). */
export function followEnrolmentRequired(body: Record<string, unknown> | null): void {
  if (body?.second_factor_enrolment_required === true && window.location.pathname !== ENROLMENT_PATH) window.location.assign(ENROLMENT_PATH);
}
