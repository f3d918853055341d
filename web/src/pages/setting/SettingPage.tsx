export function SettingPage() {
  return <div>SettingPage</div>;
}
