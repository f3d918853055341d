export function ResetRequestPage() {
  return <div>ResetRequestPage</div>;
}
