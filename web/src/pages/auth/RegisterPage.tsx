export function RegisterPage() {
  return <div>RegisterPage</div>;
}
