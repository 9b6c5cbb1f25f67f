/** Built by the admin console issue. */
export default function AdminApp() {
  return null;
}
