import { useId } from 'react';
import { POOL_TEXTS } from './picks/poolFormat';
import './cards.css';

/**
 * The season's rules that differ from the spec's, one sentence each (`rules_summary`), on the dashboard and the
 * results page. A season on the spec's rules has none, and no card.
 */
export function SeasonRulesCard({ summary }: { summary: string[] | undefined }) {
  const headingId = useId();
  if (!summary?.length) return null;
  return (
    <section className="tg-card tg-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="tg-subtitle">
        {POOL_TEXTS.rulesHeading}
      </h2>
      <ul className="tg-list">
        {summary.map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
    </section>
  );
}
