export function ChannelsPage() {
  return <div>ChannelsPage</div>;
}
