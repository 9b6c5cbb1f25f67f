import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import { useBasename } from 'react-admin';

/**
 * Add and edit dialogs open over their list (react-admin demo's reviews): `/admin/teams/create` and
 * `/admin/teams/5` render the list with the dialog on top, and closing goes back to the list.
 */
export function useDialogRoute(resource: string) {
  const basename = useBasename();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const listPath = `${basename}/${resource}`;
  const creating = matchPath(`${listPath}/create`, pathname) !== null;
  const editMatch = creating ? null : matchPath(`${listPath}/:id`, pathname);
  const editId = editMatch?.params.id ? decodeURIComponent(editMatch.params.id) : undefined;
  // The list's query (filters, sort, page) goes along, so the list has nothing to re-sync into the address.
  return { creating, editId, close: () => navigate({ pathname: listPath, search }) };
}
