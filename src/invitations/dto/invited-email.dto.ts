/** The address a pending invitation or reset link was issued for. */
export class InvitedEmailDto {
  email!: string;
}
