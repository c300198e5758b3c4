// Being built: replaced by the screen of the portfolio issue.
export default function PendingRoute() {
  return <p>Coming soon.</p>;
}
