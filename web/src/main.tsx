import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Layout } from './components/Layout.js';
import { ToastProvider } from './components/ui/Toast.js';
import { setupI18n } from './i18n.js';
import { AccountPage } from './pages/AccountPage.js';
import { AskPage } from './pages/AskPage.js';
import { BuildingPage } from './pages/BuildingPage.js';
import { DocumentPage } from './pages/DocumentPage.js';
import { PeoplePage } from './pages/PeoplePage.js';
import { WebhooksPage } from './pages/WebhooksPage.js';
import { PortalPage } from './pages/PortalPage.js';
import { ProjectsPage } from './pages/ProjectsPage.js';
import { PortfolioPage } from './pages/PortfolioPage.js';
import { ReportPage } from './pages/ReportPage.js';
import { MaintenancePage } from './pages/MaintenancePage.js';
import { SearchPage } from './pages/SearchPage.js';
import './styles.css';

const queries = new QueryClient({
  defaultOptions: { queries: { staleTime: 15_000, retry: (count, error) => count < 2 && !('status' in error) } },
});

const router = createBrowserRouter(
  [
    {
      element: <Layout />,
      children: [
        { index: true, element: <PortfolioPage /> },
        { path: 'owners/:ownerId/buildings/:buildingId', element: <BuildingPage /> },
        { path: 'owners/:ownerId/buildings/:buildingId/documents/:documentId', element: <DocumentPage /> },
        { path: 'owners/:ownerId/buildings/:buildingId/ask', element: <AskPage /> },
        { path: 'owners/:ownerId/ask', element: <AskPage /> },
        { path: 'owners/:ownerId/buildings/:buildingId/report', element: <ReportPage /> },
        { path: 'owners/:ownerId/buildings/:buildingId/maintenance', element: <MaintenancePage /> },
        { path: 'owners/:ownerId/maintenance', element: <MaintenancePage /> },
        { path: 'search', element: <SearchPage /> },
        { path: 'people', element: <PeoplePage /> },
        { path: 'webhooks', element: <WebhooksPage /> },
        { path: 'account', element: <AccountPage /> },
        { path: 'projects', element: <ProjectsPage /> },
        // a project's parts load when first opened
        {
          path: 'projects/:customerId/:projectId',
          lazy: () => import('./pages/ProjectPage.js').then((m) => ({ Component: m.ProjectPage })),
        },
        {
          path: 'projects/:customerId/:projectId/documents',
          lazy: () =>
            import('./pages/project/ProjectDocumentsPage.js').then((m) => ({ Component: m.ProjectDocumentsPage })),
        },
        {
          path: 'projects/:customerId/:projectId/handover',
          lazy: () => import('./pages/project/HandoverPage.js').then((m) => ({ Component: m.HandoverPage })),
        },
        {
          path: 'projects/:customerId/:projectId/members',
          lazy: () => import('./pages/project/MembersPage.js').then((m) => ({ Component: m.MembersPage })),
        },
        {
          path: 'projects/:customerId/:projectId/drawings/:documentId',
          lazy: () => import('./pages/project/DrawingPage.js').then((m) => ({ Component: m.DrawingPage })),
        },
      ],
    },
    // the subcontractor portal: no account, no app header; its token comes with the e-mailed link
    { path: 'portal/:projectId/:subcontractorId', element: <PortalPage /> },
  ],
  { basename: '/app' },
);

/** ReactDOM's flushSync as the router takes it */
const applyAtOnce = (update: () => unknown): undefined => {
  flushSync(update);
  return undefined;
};

await setupI18n();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queries}>
      {/* flushSync: a page can ask for an address change to render at once (its controls keep their state in the address) */}
      <ToastProvider>
        <RouterProvider router={router} flushSync={applyAtOnce} />
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);
