/** Built by the member web app issue. */
export default function ForgotPasswordPage() {
  return null;
}
