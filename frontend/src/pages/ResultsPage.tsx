/** Built by the member web app issue. */
export default function ResultsPage() {
  return null;
}
