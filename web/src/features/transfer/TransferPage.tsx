/**
 * /admin/import-export: bringing a church's directory in from a spreadsheet or another product,
 * and taking it out as a file (issue 31). Administrators only.
 */
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageTitle } from '../../components/PageTitle';
import { usePageTitle } from '../../lib/usePageTitle';
import { ExportSection } from './ExportSection';

export const TRANSFER_TITLE = 'Import and Export';

export default function TransferPage() {
  usePageTitle(TRANSFER_TITLE);
  return (
    <div className="page page--medium transfer">
      <Breadcrumbs items={[{ label: 'Dashboard', to: '/dashboard' }, { label: TRANSFER_TITLE }]} />
      <PageTitle>{TRANSFER_TITLE}</PageTitle>
      <ExportSection />
    </div>
  );
}
