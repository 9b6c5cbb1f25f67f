import { useState } from 'react';

/**
 * The season and week a screen shows, member pages and admin console alike: the defaults (SPEC §4: the current
 * season, its current week) until the person chooses; a chosen week belongs to the season it was chosen in, so
 * another season falls back to that season's default week. Where the seasons and weeks come from (the member API or
 * react-admin's data provider) and how they are shown is the caller's.
 */
export function useSeasonWeekChoice<Id>(defaultSeasonId: Id) {
  const [chosenSeasonId, setChosenSeasonId] = useState<{ id: Id } | null>(null);
  const [chosenWeek, setChosenWeek] = useState<{ seasonId: Id; weekId: Id } | null>(null);
  const seasonId = chosenSeasonId ? chosenSeasonId.id : defaultSeasonId;
  const weekChosen = chosenWeek !== null && chosenWeek.seasonId === seasonId;
  return {
    seasonId,
    /** Whether the week was chosen in this season (else it is the default). */
    weekChosen,
    /** The chosen week of this season, else `defaultWeekId` (known only once the season's weeks are). */
    weekIdOr: (defaultWeekId: Id): Id => (weekChosen ? chosenWeek.weekId : defaultWeekId),
    chooseSeason: (id: Id) => setChosenSeasonId({ id }),
    chooseWeek: (weekId: Id) => setChosenWeek({ seasonId, weekId }),
    /** Both at once (a picker whose season change clears the week). */
    choose: (next: { seasonId: Id; weekId: Id }) => {
      setChosenSeasonId({ id: next.seasonId });
      setChosenWeek(next);
    },
  };
}
