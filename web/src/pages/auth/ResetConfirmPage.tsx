export function ResetConfirmPage() {
  return <div>ResetConfirmPage</div>;
}
