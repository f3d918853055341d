export function UsersPage() {
  return <div>UsersPage</div>;
}
