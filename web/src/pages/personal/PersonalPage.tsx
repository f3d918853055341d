export function PersonalPage() {
  return <div>PersonalPage</div>;
}
