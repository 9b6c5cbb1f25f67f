/** Where an admin without a required second factor is sent (the server refuses everything else). */
export const ENROLMENT_PATH = '/second-factor/setup';

/**
 * A 403 that says the admin must set up a second factor first: the app goes to the set-up page (by a page load, from
 * the console or a member page alike). Read from a copy, so the caller still reads the answer.
 */
export function followEnrolmentRequired(response: Response): void {
  if (response.status !== 403 || window.location.pathname === ENROLMENT_PATH) return;
  void response
    .clone()
    .json()
    .then((body: { second_factor_enrolment_required?: boolean }) => {
      if (body?.second_factor_enrolment_required === true) window.location.assign(ENROLMENT_PATH);
    })
    .catch(() => undefined);
}
