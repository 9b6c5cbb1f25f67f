import { useQueryClient } from '@tanstack/react-query';
import { useReducer } from 'react';
import { useDataProvider } from 'react-admin';
import { failureText } from '../../api/failure';
import type { AdminDataProvider } from '../dataProvider';
import { countOf, IMPORT_FAILURE, providerUnreachable } from './importApi';
import { type Choice, type CsvText, importReducer, initialImportState } from './importFlow';
import { appliedText } from './importRules';
import type { ImportPreview, ImportRequest, ProviderName, TeamMapping } from './importTypes';
import { useAdminMutation } from '../common/useAdminMutation';

interface Ask {
  request: ImportRequest;
  /** What the admin had ticked, kept when a mapping asks again. */
  carried?: Choice;
}

/**
 * Import Games' steps: preview a week, map its unknown teams (then preview again), apply the choice. The state is
 * importReducer's; whether a call is under way is its mutation's (`busy` while any is).
 */
export function useImportFlow(initialProvider: ProviderName | null) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(importReducer, initialProvider, initialImportState);
  const failed = (failure: unknown, fallback: string, offerCsv = false) =>
    dispatch({ type: 'failed', error: { text: failureText(failure, fallback, IMPORT_FAILURE), offerCsv } });

  const previewing = useAdminMutation({
    mutationFn: ({ request }: Ask) => dataProvider.previewImport(request),
    onSuccess: (preview, { request, carried }) => dispatch({ type: 'previewed', request, preview, carried }),
    onError: (failure, { request }) => failed(failure, 'Preview failed', request.provider !== 'csv' && providerUnreachable(failure)),
  });

  const mapping = useAdminMutation({
    mutationFn: ({ provider, mappings }: Ask & { provider: ProviderName; mappings: TeamMapping[] }) => dataProvider.mapTeams(provider, mappings),
    onSuccess: (_, { request, carried }) => {
      void queryClient.invalidateQueries({ queryKey: ['teams'] });
      // The mappings are remembered: ask again, so the games of these teams can be ticked.
      dispatch({ type: 'start' });
      previewing.mutate({ request, carried });
    },
    onError: (failure) => failed(failure, 'Saving the teams failed'),
  });

  const applying = useAdminMutation({
    mutationFn: ({ preview, choice }: { preview: ImportPreview; choice: Choice; seasonId: number; weekId: number }) =>
      dataProvider.applyImport(preview.id, {
        games: preview.games.filter((game) => choice.selected.has(game.key)).map((game) => game.key),
        tiebreaker: choice.tiebreaker,
        update_lines: [...choice.updateLines].filter((key) => choice.selected.has(key)),
      }),
    onSuccess: (result, { seasonId, weekId }) => {
      dispatch({
        type: 'applied',
        applied: { text: appliedText({ created: countOf(result.created), updated: countOf(result.updated), removed: countOf(result.removed) }), seasonId, weekId },
      });
      void queryClient.invalidateQueries();
    },
    onError: (failure) => failed(failure, 'Apply failed'),
  });

  return {
    state,
    busy: previewing.isPending || mapping.isPending || applying.isPending,
    /** A new source is a new attempt: the last one's failure no longer applies. */
    chooseSource: (provider: ProviderName) => dispatch({ type: 'source', provider }),
    readCsv: (csv: CsvText) => dispatch({ type: 'csv', csv }),
    chooseWeek: () => dispatch({ type: 'week' }),
    setChoice: (choice: Choice) => dispatch({ type: 'choice', choice }),
    preview: (request: ImportRequest) => {
      dispatch({ type: 'start', fresh: true });
      previewing.mutate({ request });
    },
    map: (mappings: TeamMapping[]) => {
      const { preview, request, choice } = state;
      if (!preview || !request) return;
      dispatch({ type: 'start' });
      mapping.mutate({ provider: preview.provider as ProviderName, mappings, request, carried: choice });
    },
    /** Applies the choice; the week's season and number fall back to the picker's (a week's preview always names both). */
    apply: (fallback: { seasonId: string; weekId: string }) => {
      const { preview, choice } = state;
      if (!preview) return;
      dispatch({ type: 'start' });
      applying.mutate({
        preview,
        choice,
        seasonId: preview.football_season_id ?? Number(fallback.seasonId),
        weekId: preview.week_id ?? Number(fallback.weekId),
      });
    },
  };
}
