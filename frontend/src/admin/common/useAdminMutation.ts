import { type DefaultError, useMutation, type UseMutationOptions } from '@tanstack/react-query';

/**
 * react-query's useMutation for a console call, run at once as the screens always ran it, even while the browser
 * says it is offline (react-query would hold it, pending, until the browser is back online): an offline write fails
 * with its text and its button comes back. Its `isPending` is the screen's "busy".
 */
export function useAdminMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
) {
  return useMutation<TData, TError, TVariables, TContext>({ networkMode: 'always', ...options });
}
