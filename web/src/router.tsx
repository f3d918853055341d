import { Spin } from 'antd';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { RedirectIfSignedIn, RequireAdmin, RequireLogin } from './shell/guards.tsx';
import { AppLayout } from './shell/AppLayout.tsx';
import { NotFound } from './shell/NotFound.tsx';

/** Each screen is its own chunk, loaded when first visited. */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const Component = lazy(async () => ({ default: pick(await load()) }));
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>
      <Component />
    </Suspense>
  );
}

const login = (element: ReactNode) => <RequireLogin>{element}</RequireLogin>;
const admin = (element: ReactNode) => <RequireAdmin>{element}</RequireAdmin>;
const signedOut = (element: ReactNode) => <RedirectIfSignedIn>{element}</RedirectIfSignedIn>;

const Login = screen(
  () => import('./pages/auth/LoginPage.tsx'),
  (m) => m.LoginPage,
);
const Register = screen(
  () => import('./pages/auth/RegisterPage.tsx'),
  (m) => m.RegisterPage,
);
const ResetRequest = screen(
  () => import('./pages/auth/ResetRequestPage.tsx'),
  (m) => m.ResetRequestPage,
);
const ResetConfirm = screen(
  () => import('./pages/auth/ResetConfirmPage.tsx'),
  (m) => m.ResetConfirmPage,
);
const OAuthCallback = screen(
  () => import('./pages/auth/OAuthCallbackPage.tsx'),
  (m) => m.OAuthCallbackPage,
);
const Users = screen(
  () => import('./pages/user/UsersPage.tsx'),
  (m) => m.UsersPage,
);
const Personal = screen(
  () => import('./pages/personal/PersonalPage.tsx'),
  (m) => m.PersonalPage,
);
const Setting = screen(
  () => import('./pages/setting/SettingPage.tsx'),
  (m) => m.SettingPage,
);
const Tokens = screen(
  () => import('./pages/token/TokensPage.tsx'),
  (m) => m.TokensPage,
);
const Channels = screen(
  () => import('./pages/channel/ChannelsPage.tsx'),
  (m) => m.ChannelsPage,
);
const Logs = screen(
  () => import('./pages/log/LogsPage.tsx'),
  (m) => m.LogsPage,
);
const Home = screen(
  () => import('./pages/home/HomePage.tsx'),
  (m) => m.HomePage,
);
const About = screen(
  () => import('./pages/home/AboutPage.tsx'),
  (m) => m.AboutPage,
);
const Redemptions = screen(
  () => import('./pages/redemption/RedemptionsPage.tsx'),
  (m) => m.RedemptionsPage,
);
const TopUp = screen(
  () => import('./pages/topup/TopUpPage.tsx'),
  (m) => m.TopUpPage,
);
const Pricing = screen(
  () => import('./pages/pricing/PricingPage.tsx'),
  (m) => m.PricingPage,
);
const Dashboard = screen(
  () => import('./pages/dashboard/DashboardPage.tsx'),
  (m) => m.DashboardPage,
);
const Drawings = screen(
  () => import('./pages/task/MidjourneyPage.tsx'),
  (m) => m.MidjourneyPage,
);
const Tasks = screen(
  () => import('./pages/task/TasksPage.tsx'),
  (m) => m.TasksPage,
);
const Playground = screen(
  () => import('./pages/playground/PlaygroundPage.tsx'),
  (m) => m.PlaygroundPage,
);
const Chat = screen(
  () => import('./pages/chat/ChatPage.tsx'),
  (m) => m.ChatPage,
);
const Chat2Link = screen(
  () => import('./pages/chat/Chat2LinkPage.tsx'),
  (m) => m.Chat2LinkPage,
);

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: Home },
      { path: '/about', element: About },
      { path: '/pricing', element: Pricing },
      { path: '/login', element: signedOut(Login) },
      { path: '/register', element: signedOut(Register) },
      { path: '/reset', element: ResetRequest },
      { path: '/user/reset', element: ResetConfirm },
      { path: '/oauth/github', element: OAuthCallback },
      { path: '/oauth/linuxdo', element: OAuthCallback },
      { path: '/oauth/oidc', element: OAuthCallback },
      { path: '/token', element: login(Tokens) },
      { path: '/log', element: login(Logs) },
      { path: '/personal', element: login(Personal) },
      { path: '/user', element: admin(Users) },
      { path: '/user/edit/:id', element: admin(Users) },
      { path: '/user/edit', element: admin(Users) },
      { path: '/channel', element: admin(Channels) },
      { path: '/channel/edit/:id', element: admin(Channels) },
      { path: '/channel/add', element: admin(Channels) },
      { path: '/setting', element: admin(Setting) },
      { path: '/topup', element: login(TopUp) },
      { path: '/redemption', element: admin(Redemptions) },
      { path: '/detail', element: login(Dashboard) },
      { path: '/midjourney', element: login(Drawings) },
      { path: '/task', element: login(Tasks) },
      { path: '/playground', element: login(Playground) },
      { path: '/chat2link', element: login(Chat2Link) },
      { path: '/chat/:id?', element: Chat },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
