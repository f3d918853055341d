export function TokensPage() {
  return <div>TokensPage</div>;
}
