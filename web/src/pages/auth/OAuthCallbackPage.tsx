export function OAuthCallbackPage() {
  return <div>OAuthCallbackPage</div>;
}
