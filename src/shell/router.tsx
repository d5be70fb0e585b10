import { lazy, Suspense, useState, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import { ErrorPage } from './pages/error-page';
import { LoginPage } from './pages/login-page';
import { loadLayout, loadMenuPage, preloadPage } from './pages/page-modules';
import { LOCK_PATH, isLocked } from './session/idle-lock';
import { session } from './session/session-store';

const BasicLayout = lazy(() => loadLayout().then((m) => ({ default: m.BasicLayout })));
const HomePage = lazy(() => import('./pages/home-page').then((m) => ({ default: m.HomePage })));
const MenuPage = lazy(() => loadMenuPage().then((m) => ({ default: m.MenuPage })));
const TemplateFreePage = lazy(() => loadMenuPage().then((m) => ({ default: m.TemplateFreePage })));
const CommonMenusPage = lazy(() => import('./pages/extra-pages').then((m) => ({ default: m.CommonMenusPage })));
const IframePage = lazy(() => import('./pages/extra-pages').then((m) => ({ default: m.IframePage })));
const LockPage = lazy(() => import('./pages/lock-page').then((m) => ({ default: m.LockPage })));
const ForgetPasswordPage = lazy(() => import('./pages/self-service-pages').then((m) => ({ default: m.ForgetPasswordPage })));
const RegisterPage = lazy(() => import('./pages/self-service-pages').then((m) => ({ default: m.RegisterPage })));
const FactoryVehiclePage = lazy(() => import('./pages/public-pages').then((m) => ({ default: m.FactoryVehiclePage })));
const ViewWeighPage = lazy(() => import('./pages/public-pages').then((m) => ({ default: m.ViewWeighPage })));
const TeamConditionPage = lazy(() => import('./pages/public-pages').then((m) => ({ default: m.TeamConditionPage })));
const TeamInformationPage = lazy(() => import('./pages/public-pages').then((m) => ({ default: m.TeamInformationPage })));
const GrantAuthPage = lazy(() => import('./pages/grant-auth-page').then((m) => ({ default: m.GrantAuthPage })));
const AppDownloadPage = lazy(() => import('./pages/app-download-page').then((m) => ({ default: m.AppDownloadPage })));
const EditPasswordPage = lazy(() => import('./pages/edit-password-page').then((m) => ({ default: m.EditPasswordPage })));

/** isAuth routes need a token; without one the user goes to /login; a locked session goes to /lock (spec 000 §2.1, §4). */
function RequireAuth({ children }: { children: ReactNode }) {
  const { accessToken, isLock } = useSnapshot(session);
  const location = useLocation();
  if (!accessToken) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (isLock || isLocked()) return <Navigate to={LOCK_PATH} replace />;
  return <>{children}</>;
}

const page = (node: ReactNode) => <Suspense fallback={null}>{node}</Suspense>;

/** The signed-in shell; the first address it opens has its page modules fetched at once (`preloadPage`). */
function SignedInLayout() {
  const { pathname, search } = useLocation();
  useState(() => preloadPage(session.menu, pathname, search));
  return page(<BasicLayout />);
}

export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/lock', element: page(<LockPage />) },
  { path: '/forgetpwd', element: page(<ForgetPasswordPage />) },
  { path: '/register', element: page(<RegisterPage />) },
  // the signed-out screens (spec 000 §2.1): the organisation comes from ?org= in the address
  { path: '/factoryvehicle/index', element: page(<FactoryVehiclePage />) },
  { path: '/viewWeigh', element: page(<ViewWeighPage />) },
  { path: '/conditional/index', element: page(<TeamConditionPage daily={false} />) },
  { path: '/Information/index', element: page(<TeamInformationPage daily={false} />) },
  { path: '/dayConditional/index', element: page(<TeamConditionPage daily />) },
  { path: '/dayInformation/index', element: page(<TeamInformationPage daily />) },
  { path: '/appDownload', element: page(<AppDownloadPage />) },
  { path: '/grantAuth', element: page(<GrantAuthPage />) },
  { path: '/401', element: <ErrorPage code={401} /> },
  { path: '/403', element: <ErrorPage code={403} /> },
  { path: '/404', element: <ErrorPage code={404} /> },
  { path: '/500', element: <ErrorPage code={500} /> },
  { path: '/editpwd', element: <RequireAuth>{page(<EditPasswordPage />)}</RequireAuth> },
  {
    path: '/',
    element: <RequireAuth><SignedInLayout /></RequireAuth>,
    children: [
      { index: true, element: <Navigate to="/clouds/index" replace /> },
      { path: 'clouds', element: <Navigate to="/clouds/index" replace /> },
      { path: 'clouds/index', element: page(<HomePage />) },
      { path: 'clouds/index1', element: page(<CommonMenusPage />) },
      { path: 'myiframe/*', element: page(<IframePage />) },
      { path: 'template-free', element: page(<TemplateFreePage />) },
      { path: '*', element: page(<MenuPage />) },
    ],
  },
]);
