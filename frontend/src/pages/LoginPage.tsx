/** Built by the member web app issue. */
export default function LoginPage() {
  return null;
}
