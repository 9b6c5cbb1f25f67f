/** Built by the member web app issue. */
export default function RegisterPage() {
  return null;
}
