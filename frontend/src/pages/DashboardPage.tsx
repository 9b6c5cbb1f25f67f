/** Built by the member web app issue. */
export default function DashboardPage() {
  return null;
}
