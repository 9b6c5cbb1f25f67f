/** Built by the member web app issue. */
export default function ProfilePage() {
  return null;
}
