/**
 * /admin/import-export: bringing a church's directory in from a spreadsheet or another product,
 * and taking it out as a file (issue 31). Administrators only. Its data (the latest import and the
 * latest exports) is asked for as the page is navigated to (app/routes.tsx).
 */
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageTitle } from '../../components/PageTitle';
import { usePageTitle } from '../../lib/usePageTitle';
import { ExportSection } from './ExportSection';
import { ImportSection } from './ImportSection';

export const TRANSFER_TITLE = 'Import and Export';

export default function TransferPage() {
  usePageTitle(TRANSFER_TITLE);
  return (
    <div className="page page--medium transfer">
      <Breadcrumbs items={[{ label: 'Dashboard', to: '/dashboard' }, { label: TRANSFER_TITLE }]} />
      <PageTitle>{TRANSFER_TITLE}</PageTitle>
      <ImportSection />
      <ExportSection />
    </div>
  );
}
