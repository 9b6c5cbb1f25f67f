/** What the import screens share: the providers, how they read a failure, and the API's counts (their calls are the data provider's). */
import { useQuery } from '@tanstack/react-query';
import { HttpError, useDataProvider } from 'react-admin';
import type { FailureTextOptions } from '../../api/failure';
import type { AdminDataProvider } from '../dataProvider';

/** The providers and whether each is set up; asked once per visit of the console. */
export function useProviders() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  return useQuery({ queryKey: ['admin', 'providers'], queryFn: () => dataProvider.importProviders(), staleTime: Infinity, retry: false });
}

/**
 * How the import screens read a failure: the server's own words, every message, shown verbatim. A provider that is
 * down answers 502/504 with a message that names it and says what to do, so unlike the console's other screens a 5xx
 * text is shown too; only a bare 500 (which says nothing a person can act on) falls back to the screen's text.
 */
export const IMPORT_FAILURE: FailureTextOptions = { all: true, upstream: true };

/** A data provider that could not answer (502, or 504 when it was too slow): the CSV file is the way on. */
export const providerUnreachable = (error: unknown): boolean => error instanceof HttpError && (error.status === 502 || error.status === 504);

/** A count the API may send as a number or as the list of what it counted. */
export const countOf = (value: number | unknown[] | null | undefined): number => (Array.isArray(value) ? value.length : Number(value ?? 0));
