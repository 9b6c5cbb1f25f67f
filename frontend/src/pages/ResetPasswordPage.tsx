/** Built by the member web app issue. */
export default function ResetPasswordPage() {
  return null;
}
