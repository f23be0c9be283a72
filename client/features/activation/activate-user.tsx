import { LoadStatus } from '../../../shared/load-status';
import { SectionStatus } from '../../components/form/section-status';
import { Spinner } from '../../components/form/status-message';
import { heForms } from '../../i18n/he-forms';
import { loadStatusOfQuery, Section } from '../../lib/load-status-store';
import { useActivateUser } from './api/activate-user';
import { BackHome } from './back-home';
import './activation.css';

/** Account activation (docs/product.md §2, §8): a spinner, then the result with a link home. */
export function ActivateUser({ encryptedData }: { encryptedData: string }) {
  const status = loadStatusOfQuery(useActivateUser(encryptedData));
  if (status === LoadStatus.Loading || status === LoadStatus.NotStarted) {
    return <Spinner label={heForms.activation.activating} />;
  }
  return (
    <div className="activation-result">
      <SectionStatus
        section={Section.ActivateUser}
        status={status}
        success={heForms.activation.activated}
        resettable={false}
      />
      <BackHome />
    </div>
  );
}
