/** The roles an account can have: members play, admins run the pool. */
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Who a request is made by: the signed-in account the session check put on the request. */
export interface Principal {
  id: number;
  role: Role;
}
