import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { passkeyOffer } from './api/passkeyOffer';
import { RequireAdmin, RequireAuth } from './components/RouteGuards';
import { ServerUnreachableNotice } from './components/ServerUnreachableNotice';
import { ReauthenticationHost } from './components/reauthentication/ReauthenticationHost';
import { SessionExpiredNotice } from './components/SessionExpiredNotice';
import { TopBar } from './components/TopBar';
import { Loading as Spinning } from './components/plain/Spinner';
import WelcomePage from './pages/WelcomePage';

// Each page is its own chunk; the admin console (react-admin) is never part of the member bundle.
const LoginPage = lazy(() => import('./pages/LoginPage'));
const RegisterPage = lazy(() => import('./pages/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('./pages/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./pages/ResetPasswordPage'));
const DashboardPage = lazy(() => import('./pages/DashboardPage'));
const ProfilePage = lazy(() => import('./pages/ProfilePage'));
const ResultsPage = lazy(() => import('./pages/ResultsPage'));
const LivePage = lazy(() => import('./pages/LivePage'));
const SurvivorPage = lazy(() => import('./pages/SurvivorPage'));
const AdminApp = lazy(() => import('./admin/AdminApp'));
const PasskeyOffer = lazy(() => import('./components/PasskeyOffer'));
const SecondFactorSetupPage = lazy(() => import('./pages/SecondFactorSetupPage'));

const Loading = () => <Spinning role="progressbar" aria-label="Loading" />;

const page = (element: ReactNode) => <Suspense fallback={<Loading />}>{element}</Suspense>;

/** The routes of docs/product.md#screens. Any other path goes to /. `/admin` is admin only (the spec's later declaration). */
export default function App() {
  // The passkey offer waits for a member page: in the console it would cover its dialogs' buttons.
  const inConsole = useLocation().pathname.startsWith('/admin');
  return (
    <>
      <TopBar />
      <SessionExpiredNotice />
      <ServerUnreachableNotice />
      <ReauthenticationHost />
      {!inConsole && passkeyOffer.pending() && (
        <Suspense fallback={null}>
          <PasskeyOffer />
        </Suspense>
      )}
      <main id="main">
        <Routes>
          <Route path="/" element={<WelcomePage />} />
          <Route path="/login" element={page(<LoginPage />)} />
          <Route path="/register" element={page(<RegisterPage />)} />
          <Route path="/forgot-password" element={page(<ForgotPasswordPage />)} />
          <Route path="/reset-password/:token" element={page(<ResetPasswordPage />)} />
          <Route path="/dashboard" element={<RequireAuth>{page(<DashboardPage />)}</RequireAuth>} />
          <Route path="/profile" element={<RequireAuth>{page(<ProfilePage />)}</RequireAuth>} />
          <Route path="/results" element={<RequireAuth>{page(<ResultsPage />)}</RequireAuth>} />
          <Route path="/live" element={<RequireAuth>{page(<LivePage />)}</RequireAuth>} />
          <Route path="/survivor" element={<RequireAuth>{page(<SurvivorPage />)}</RequireAuth>} />
          <Route path="/second-factor/setup" element={<RequireAdmin>{page(<SecondFactorSetupPage />)}</RequireAdmin>} />
          <Route path="/admin/*" element={<RequireAdmin>{page(<AdminApp />)}</RequireAdmin>} />
          <Route path="/invites" element={<RequireAdmin>{page(<AdminApp />)}</RequireAdmin>} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </main>
    </>
  );
}
